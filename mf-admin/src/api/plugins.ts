// Installed plugins (GET plugins) and switching one on or off (PUT plugin/status).
import { adminApi, remoteListQuery } from '@agora/shared-api';
import type { AdminPluginList, AdminPluginStatusBody } from '@agora/shared-api/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

export type PluginFilter = 'all' | 'active' | 'inactive' | 'outdated';

/**
 * GET plugins: the server filters active and inactive ones (`?status=`); 'outdated' (a newer version
 * is known) is picked from the whole list, which the server cannot filter by.
 */
export const pluginsQuery = (filter: PluginFilter) =>
  queryOptions({
    queryKey: [...adminKeys.plugins(), filter] as const,
    queryFn: async ({ signal }) => {
      const status = filter === 'active' || filter === 'inactive' ? { status: filter } : undefined;
      const list = await adminApi.get<AdminPluginList>('plugins', status, signal);
      return filter === 'outdated' ? list.filter((plugin) => plugin.outdated) : list;
    },
  });

/** PUT plugin/status. Enabling one plugin of a kind may disable another, and a plugin's page may come or go. */
export function usePluginStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPluginStatusBody) => adminApi.put<null>('plugin/status', body),
    onSuccess: () =>
      Promise.all(
        [adminKeys.plugins(), remoteListQuery().queryKey].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
