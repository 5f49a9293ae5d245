// The audit log of administrative changes (GET audit/page): read only; the server writes it.
import { adminApi } from '@agora/shared-api';
import type { AdminAuditPage, AuditAction } from '@agora/shared-api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export interface AuditFilter {
  /** '' for every kind of change. */
  action: AuditAction | '';
  page: number;
}

/** GET audit/page: one page, newest first, of one kind of change or all. */
export const auditPageQuery = ({ action, page }: AuditFilter) =>
  queryOptions({
    queryKey: [...adminKeys.audit(), { action, page }] as const,
    queryFn: ({ signal }) =>
      adminApi.get<AdminAuditPage>(
        'audit/page',
        { page, page_size: ADMIN_PAGE_SIZE, ...(action ? { action } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
