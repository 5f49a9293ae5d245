import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { TestRouter } from '@agora/shared-ui/testing';

/** Shows the router's location so tests can check where links lead. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** A question screen as the shell mounts it: in a query client and the router, at `url` on `routes`. */
export function renderScreen(Screen: ComponentType, { url, routes }: { url: string; routes: string[] }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TestRouter url={url}>
        <Routes>
          {routes.map((path) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
