// Permissions: what the caller may do (GET permission?action=).
import { queryOptions } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import type { PermissionMap } from '../contract';

export const permissionKeys = {
  all: ['permission'] as const,
  action: (action: string) => [...permissionKeys.all, action] as const,
};

/** May this user create a tag (the tag's permission entry, or null when the server says nothing). */
export const tagAddPermissionQuery = () =>
  queryOptions({
    queryKey: permissionKeys.action('tag.add'),
    queryFn: ({ signal }) =>
      api.get<PermissionMap>('permission', { action: 'tag.add' }, signal).then((map) => map['tag.add'] ?? null),
    staleTime: 60_000,
  });
