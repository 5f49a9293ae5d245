import { createQueryClient, setAccessToken } from '@agora/shared-api';
import { registerSharedUiTranslations, ThemeProvider } from '@agora/shared-ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
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
}

export async function renderShell(
  ui: ReactElement,
  { path = '/', token = null, queryClient, store }: RenderOptions = {},
) {
  await setupI18n();
  setAccessToken(token);
  const client = queryClient ?? createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const jotai = store ?? createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <JotaiProvider store={jotai}>
        <ThemeProvider>
          <MemoryRouter initialEntries={[path]}>
            {children}
            <LocationDisplay />
          </MemoryRouter>
        </ThemeProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient: client, store: jotai };
}
