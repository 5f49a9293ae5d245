import { AdminBadgePage, AdminBadgesQuery, AdminBadgeStatusBody, AdminJob } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { auditOf } from '../audit/service';
import type { JobRunner } from '../job/runner';
import { jobView } from '../job/view';
import { actorOf } from '../post/actor';
import type { BadgeService } from './service';

/**
 * GET badges and PUT badge/status under /answer/admin/api, administrators only: the whole catalogue
 * (active and inactive) and the switch. An inactive badge is neither awarded nor listed; awards stay.
 */
export const adminBadgeRoutes: FastifyPluginAsyncTypebox<{ badges: BadgeService; jobs: JobRunner }> = async (
  app,
  { badges, jobs },
) => {
  const admin = { auth: 'admin' } as const;

  app.get(
    '/badges',
    { config: admin, schema: { querystring: AdminBadgesQuery, response: responses(AdminBadgePage, [400, 401, 403]) } },
    async (request) => ok(request, await badges.adminList(request.query, request.lang)),
  );

  app.put(
    '/badge/status',
    {
      config: admin,
      schema: {
        body: AdminBadgeStatusBody,
        response: responses(Type.Union([AdminJob, Type.Null()]), [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const audit = auditOf(request);
      const { id, status } = request.body;
      // Switched on: the job awarding it to members who already qualify (null otherwise).
      const job = await badges.setStatus(
        id,
        status,
        (trx, badge) =>
          audit(
            {
              action: 'badge.status_changed',
              target: { type: 'badge', id: id.trim(), name: badge.name },
              detail: { from: badge.from, to: status },
            },
            trx,
          ),
        request.lang,
        actorOf(request).userId,
      );
      return ok(request, job === null ? null : await jobView(jobs, job, request));
    },
  );
};
