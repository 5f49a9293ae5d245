import { clearSession, startSession, type CurrentUser } from '@agora/shared-api';
import { TEST_USER } from '@agora/shared-api/testing';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from '../theme/theme-provider';
import { TestRouter } from './router';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderOptions {
  url: string;
  routes: string[];
  /** Who is logged in: TEST_USER with these fields changed (default), or nobody (null). */
  user?: Partial<CurrentUser> | null;
}

/**
 * A screen as the shell mounts it: a query client whose caches report failures (as the shell's error
 * handler receives them: `shellErrors`), the theme (toasts), the router with a link elsewhere, and a
 * logged-in member unless `user` says otherwise.
 */
export function renderScreen(Screen: ComponentType, { url, routes, user = {} }: RenderOptions) {
  const shellErrors: unknown[] = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.passingError) shellErrors.push(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (!mutation.meta?.passingError) shellErrors.push(error);
      },
    }),
  });
  if (user) startSession(queryClient, { ...TEST_USER, ...user });
  else clearSession(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TestRouter url={url}>
          <Routes>
            {routes.map((path) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <Link to="/elsewhere">Elsewhere</Link>
          <LocationProbe />
        </TestRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, shellErrors };
}

/** The path and query string the router is at (renderScreen's probe). */
export const currentLocation = () => screen.getByTestId('location').textContent;
