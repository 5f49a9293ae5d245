// Every flag, pending or completed (GET reports/page). Pending ones are settled with the review queue's
// PUT report/review (shared-api's useReviewReport), after which this list is stale too.
import { adminApi } from '@agora/shared-api';
import type { AdminReportPage } from '@agora/shared-api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export type FlagStatus = 'pending' | 'completed';

export const adminFlagsQuery = (status: FlagStatus, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.flags(), { status, page }] as const,
    queryFn: ({ signal }) =>
      adminApi.get<AdminReportPage>('reports/page', { status, page, page_size: ADMIN_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
