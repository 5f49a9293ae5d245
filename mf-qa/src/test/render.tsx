import { startSession, clearSession, type CurrentUser } from '@agora/shared-api';
import { ThemeProvider } from '@agora/shared-ui';
import { TEST_USER } from '@agora/shared-api/testing';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { TestRouter } from './router';

/** A logged-in member (override what a test needs). */
export const MEMBER = TEST_USER;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderOptions {
  url: string;
  routes: string[];
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
  if (user) startSession(queryClient, { ...MEMBER, ...user });
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

export const currentLocation = () => screen.getByTestId('location').textContent;

/** A tag as GET question/tags and GET tags answer it. */
export const tagBrief = (
  slug: string,
  over: Partial<{ display_name: string; recommend: boolean; reserved: boolean }> = {},
) => ({
  tag_id: `id-${slug}`,
  slug_name: slug,
  display_name: over.display_name ?? slug,
  recommend: over.recommend ?? false,
  reserved: over.reserved ?? false,
});
