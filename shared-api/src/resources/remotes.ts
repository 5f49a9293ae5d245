import { queryOptions } from '@tanstack/react-query';
import type { RemoteList } from '../contract/remotes';

/** GET /remotes.json: the remote list the server serves (the shell validates it at start-up). */
export const remoteListQuery = () =>
  queryOptions({
    queryKey: ['remotes', 'list'] as const,
    queryFn: async ({ signal }): Promise<RemoteList> => {
      const response = await fetch('/remotes.json', {
        cache: 'no-store',
        signal,
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`remote list: HTTP ${response.status}`);
      return (await response.json()) as RemoteList;
    },
    staleTime: Infinity,
  });
