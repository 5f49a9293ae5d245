import { createQueryClient, queryDefaults } from '@agora/shared-api';
import { MutationCache, QueryCache, type DefaultOptions, type QueryClient } from '@tanstack/react-query';
import { handleApiError } from './error-handler';

/**
 * The one QueryClient (data-cache defaults from shared-api: docs/product-rules.md). Every failed query and mutation goes through
 * the shell's error handler, which reads the `meta` flags (passingError, allow404, ignoreServerError).
 */
export function createAppQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return createQueryClient({
    defaultOptions: { queries: { ...queryDefaults.queries, ...queries } },
    queryCache: new QueryCache({
      onError: (error, query) =>
        handleApiError(error, query.meta, {
          unwatched: query.getObserversCount() === 0,
          firstLoad: query.state.data === undefined,
        }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleApiError(error, mutation.meta),
    }),
  });
}
