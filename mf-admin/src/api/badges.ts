// Badges as the administrator manages them: every badge, active or not (GET badges), and switching one on or
// off (PUT badge/status).
import { adminApi } from '@agora/shared-api';
import type { AdminBadgePage, AdminBadgeStatusBody, AdminJob } from '@agora/shared-api/contract';
import { badgeKeys } from '@agora/shared-api/resources/badge';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export type BadgeStatus = AdminBadgeStatusBody['status'];

export interface BadgeListFilter {
  /** '' for both. */
  status: BadgeStatus | '';
  /** A fragment of the name; '' for every badge. */
  q: string;
  page: number;
}

/** GET badges: one page, filtered by status and name on the server. */
export const adminBadgesQuery = ({ status, q, page }: BadgeListFilter) =>
  queryOptions({
    queryKey: [...adminKeys.badges(), { status, q, page }] as const,
    queryFn: ({ signal }) =>
      adminApi.get<AdminBadgePage>(
        'badges',
        { page, page_size: ADMIN_PAGE_SIZE, ...(status ? { status } : {}), ...(q ? { q } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * PUT badge/status. Refreshes this list and the site's badge pages (an inactive badge leaves the catalogue
 * and is no longer awarded; the awards already made stay). Switching one on answers with the background
 * job that awards it to the members who already meet its rule (null otherwise).
 */
export function useBadgeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBadgeStatusBody) => adminApi.put<AdminJob | null>('badge/status', body),
    onSuccess: () =>
      Promise.all([adminKeys.badges(), badgeKeys.all].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
