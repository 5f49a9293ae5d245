import { setAccessToken, userKeys, type CurrentUser } from '@agora/shared-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { TestRouter } from '@agora/shared-ui/testing';
import QuestionDetailScreen from '../question-detail-screen';

// The `detail` translations as expose/routes.tsx registers them (the set-up adds every other area's).
i18next.addResourceBundle('en_US', NAMESPACE, { detail: en_US }, true, true);
i18next.addResourceBundle('zh_CN', NAMESPACE, { detail: zh_CN }, true, true);

// jsdom has no ResizeObserver; antd's text areas and overflow measuring use it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The shell's routes of the screen (shell/src/app/router/route-table.ts). */
export const DETAIL_ROUTES = [
  '/questions/:qid',
  '/questions/:qid/:slugPermalink',
  '/questions/:qid/:slugPermalink/:aid',
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The detail screen as the shell mounts it, at `url`, optionally with a logged-in user. */
export function renderDetail(url: string, { user = null }: { user?: CurrentUser | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (user) {
    setAccessToken('test-token');
    queryClient.setQueryData(userKeys.current(), user);
  } else {
    setAccessToken(null);
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TestRouter url={url}>
        <Routes>
          {DETAIL_ROUTES.map((path) => (
            <Route key={path} path={path} element={<QuestionDetailScreen />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
