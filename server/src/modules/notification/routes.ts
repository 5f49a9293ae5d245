import { NotificationStatus } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { NotificationCounter } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationCounter;
  }
}

/** GET notification/status (docs/wire-contract.md): polled every 3 s by the shell. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notification/status',
    { config: { auth: 'active' }, schema: { response: responses(NotificationStatus, [401, 403]) } },
    async (request) => ok(request, await app.notifications.status(sessionOf(request))),
  );
};
