import { clearSession, startSession, type CurrentUser } from '@agora/shared-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MEMBER } from './render';
import { TestRouter } from '@agora/shared-ui/testing';

// The member every mf-qa screen test logs in as.
export { MEMBER };

/** A GET tags/following or GET question/tags item. */
export const followed = (slug: string, display = slug) => ({
  tag_id: `id-${slug}`,
  slug_name: slug,
  display_name: display,
  main_tag_slug_name: '',
  recommend: false,
  reserved: false,
});

/** `ui` as the shell mounts a remote: a query client, the router, and the member logged in unless `user` is null. */
export function renderWithSession(ui: ReactElement, { user = MEMBER }: { user?: CurrentUser | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (user) startSession(queryClient, user);
  else clearSession(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TestRouter url="/">{ui}</TestRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
