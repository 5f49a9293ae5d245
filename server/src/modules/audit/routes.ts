import { AdminAuditPage, AdminAuditQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { AuditLog } from './service';

/**
 * GET audit/page under /answer/admin/api, administrators only: the audit log of administrative
 * changes, newest first, filtered by action and by administrator (user id or username).
 */
export const adminAuditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get(
    '/audit/page',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminAuditQuery, response: responses(AdminAuditPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await audit.page(request.query)),
  );
};
