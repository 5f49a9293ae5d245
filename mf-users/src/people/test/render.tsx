import { setAccessToken, userKeys, type CurrentUser } from '@agora/shared-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

export const ME: CurrentUser = {
  id: '1',
  username: 'alice',
  display_name: 'Alice',
  e_mail: 'alice@example.com',
  avatar: { type: 'system', gravatar: '', custom: '' },
  rank: 12,
  bio: 'Hello',
  bio_html: '<p>Hello</p>',
  website: '',
  location: '',
  language: 'Default',
  color_scheme: 'default',
  status: 'normal',
  mail_status: 1,
  role_id: 1,
  have_password: true,
};

/** Shows the router's location so tests can check where links and redirects lead. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * A people screen as the shell mounts it: inside a query client and the router, at `path` (a route of the
 * shell's table), optionally with a logged-in user in the current-user cache.
 */
export function renderScreen(
  Screen: ComponentType,
  { url, route, user = null }: { url: string; route: string | string[]; user?: CurrentUser | null },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (user) {
    setAccessToken('test-token');
    queryClient.setQueryData(userKeys.current(), user);
  } else {
    setAccessToken(null);
  }
  const routes = Array.isArray(route) ? route : [route];
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {routes.map((path) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
