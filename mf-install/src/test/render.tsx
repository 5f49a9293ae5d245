import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import InstallScreen from '../install/install-screen';

/** The install screen as the shell mounts it: inside a query client (no retries in tests). */
export function renderInstall() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <InstallScreen />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
