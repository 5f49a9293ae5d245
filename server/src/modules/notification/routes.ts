import { NotificationStatus } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { reviewScopeOf } from '../revisions/review';
import type { ReviewingService } from '../reviewing/service';
import type { NotificationCounter } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationCounter;
  }
}

/**
 * GET notification/status (docs/wire-contract.md): polled every 3 s by the shell. `revision` counts the
 * review tasks the viewer may act on, from the database (one or two indexed COUNTs).
 */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ reviewing: ReviewingService }> = async (
  app,
  { reviewing },
) => {
  app.get(
    '/notification/status',
    { config: { auth: 'active' }, schema: { response: responses(NotificationStatus, [401, 403]) } },
    async (request) => {
      const badge = await reviewing.badge(await reviewScopeOf(request));
      return ok(request, await app.notifications.status(sessionOf(request), badge));
    },
  );
};
