import { AdminDashboard } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { BuildInfo } from '../site/service';
import type { DashboardService } from './service';

/** GET dashboard under /answer/admin/api, administrators only. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboard: DashboardService; build: BuildInfo }> = async (
  app,
  { dashboard, build },
) => {
  app.get(
    '/dashboard',
    { config: { auth: 'admin' }, schema: { response: responses(AdminDashboard, [401, 403]) } },
    async (request) => ok(request, await dashboard.get(build)),
  );
};
