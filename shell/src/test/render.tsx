import { createQueryClient, setAccessToken } from '@agora/shared-api';
import { registerSharedUiTranslations, ThemeProvider } from '@agora/shared-ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { initI18n } from '../i18n';

let ready: Promise<unknown> | null = null;

/** The shell's i18next set up as at start-up (en_US), once per test file. */
export function setupI18n(): Promise<unknown> {
  ready ??= i18next.isInitialized
    ? Promise.resolve()
    : initI18n('en_US').then((i18n) => registerSharedUiTranslations(i18n));
  return ready;
}

/** Shows where the router is, so tests can assert navigation like a user reads the address bar. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface RenderOptions {
  path?: string;
  token?: string | null;
  queryClient?: QueryClient;
  store?: ReturnType<typeof createStore>;
  /** The router's routes (e.g. the app's APP_ROUTES); by default `ui` at every path. */
  routes?: RouteObject[];
}

/** `ui` (or `routes`) as the shell mounts pages: query client, jotai, theme and a data router at `path`. */
export async function renderShell(
  ui: ReactElement | null,
  { path = '/', token = null, queryClient, store, routes }: RenderOptions = {},
) {
  await setupI18n();
  setAccessToken(token);
  const client = queryClient ?? createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const jotai = store ?? createStore();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationDisplay />
          </>
        ),
        children: routes ?? [{ path: '*', element: ui }],
      },
    ],
    { initialEntries: [path] },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <JotaiProvider store={jotai}>
        <ThemeProvider>{children}</ThemeProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
  return { ...render(<RouterProvider router={router} />, { wrapper }), queryClient: client, store: jotai, router };
}
