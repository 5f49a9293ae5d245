import { getStoredLanguage, DEFAULT_LANGUAGE, remoteListQuery, throttleFocusRefetch } from '@agora/shared-api';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router/app-routes';
import { preloadForPath } from './app/router/preload';
import { initI18n } from './i18n';
import { fetchRemoteList } from './remotes/registry';
import { wireClient } from './session/client';
import './app/global.css';
import './header/header.css';

async function start() {
  wireClient();
  const queryClient = createAppQueryClient();
  const store = createStore();
  throttleFocusRefetch();

  // The remote list and the page's remote start loading alongside the application setup.
  fetchRemoteList()
    .then((list) => queryClient.setQueryData(remoteListQuery().queryKey, list))
    .catch(() => undefined); // the remote's own area reports it, with a retry
  preloadForPath(window.location.pathname);

  const i18n = await initI18n(getStoredLanguage() ?? DEFAULT_LANGUAGE);
  registerSharedUiTranslations(i18n);
  document.documentElement.lang = i18n.language.replace('_', '-');

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} store={store} router={router} />
    </StrictMode>,
  );
}

void start();
