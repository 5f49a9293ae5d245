import { adminApi } from '@agora/shared-api';
import type { AdminDashboard } from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** GET dashboard: the site's figures, the last 30 days, health and system information. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => adminApi.get<AdminDashboard>('dashboard', undefined, signal),
  });
