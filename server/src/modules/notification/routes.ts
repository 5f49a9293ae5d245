import {
  NotificationPage,
  NotificationPageQuery,
  NotificationReadBody,
  NotificationStatus,
  NotificationTypeBody,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { reviewScopeOf } from '../revisions/review';
import type { ReviewingService } from '../reviewing/service';
import type { NotificationCounter, NotificationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationCounter;
  }
}

/**
 * The notification URLs (docs/wire-contract.md), all for active members and always about the caller's
 * own entries. GET notification/status is polled every 3 s by the shell: the unread dots, and
 * `revision`, the review tasks the viewer may act on (one or two indexed COUNTs).
 */
export const notificationRoutes: FastifyPluginAsyncTypebox<{
  reviewing: ReviewingService;
  notifications: NotificationService;
}> = async (app, { reviewing, notifications }) => {
  const active = { auth: 'active' } as const;
  const userIdOf = (request: FastifyRequest) => Number(sessionOf(request).userId);

  const status = async (request: FastifyRequest) => {
    const badge = await reviewing.badge(await reviewScopeOf(request));
    return app.notifications.status(sessionOf(request), badge, (key) => request.t(key));
  };

  app.get(
    '/notification/status',
    { config: active, schema: { response: responses(NotificationStatus, [401, 403]) } },
    async (request) => ok(request, await status(request)),
  );

  // PUT notification/status {type}: the member opened that list now; answers the dots afterwards.
  app.put(
    '/notification/status',
    {
      config: active,
      schema: { body: NotificationTypeBody, response: responses(NotificationStatus, [400, 401, 403]) },
    },
    async (request) => {
      await notifications.open(userIdOf(request), request.body.type);
      return ok(request, await status(request));
    },
  );

  // GET notification/page?type&inbox_type&page&page_size: the caller's list, newest change first.
  app.get(
    '/notification/page',
    {
      config: active,
      schema: { querystring: NotificationPageQuery, response: responses(NotificationPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await notifications.page(userIdOf(request), request.query, (key) => request.t(key))),
  );

  // PUT notification/read/state {id}: one of the caller's own entries; anything else 404.
  app.put(
    '/notification/read/state',
    {
      config: active,
      schema: { body: NotificationReadBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await notifications.read(userIdOf(request), request.body.id);
      return ok(request, null);
    },
  );

  // PUT notification/read/state/all {type}: every entry of the caller's list.
  app.put(
    '/notification/read/state/all',
    { config: active, schema: { body: NotificationTypeBody, response: responses(Type.Null(), [400, 401, 403]) } },
    async (request) => {
      await notifications.readAll(userIdOf(request), request.body.type);
      return ok(request, null);
    },
  );
};
