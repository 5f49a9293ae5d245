import { api, useSingletonReport } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { Provider as JotaiProvider, useStore, type createStore } from 'jotai';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SiteAppearance } from '../site/site-appearance';

function Probe() {
  useSingletonReport('shell', {
    apiClient: api,
    useQueryClient,
    useStore,
    i18n: i18next,
    useTheme,
    loadAntdContext: () => import('@agora/shared-ui/antd').then((m) => m.AntdConfigContext),
  });
  return null;
}

export interface AppProps {
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  /** The one router (./router/app-routes createAppRouter). */
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ queryClient, store, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <SiteAppearance>
          <Probe />
          <RouterProvider router={router} />
        </SiteAppearance>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
