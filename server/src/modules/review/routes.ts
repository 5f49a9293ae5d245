import { PendingPostPage, PendingPostQuery, PendingPostReviewBody } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { actorOf, isStaff } from '../post/actor';
import type { ReviewQueueService } from './service';

/** The queue of posts waiting for approval, under /answer/api/v1 (every URL under review/). */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ queue: ReviewQueueService }> = async (app, { queue }) => {
  const active = { auth: 'active' } as const;

  // GET review/pending/post/page?page[&object_id]: one queued post per page (staff; others an empty page).
  app.get(
    '/review/pending/post/page',
    {
      config: active,
      schema: { querystring: PendingPostQuery, response: responses(PendingPostPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await queue.page(actorOf(request), request.query)),
  );

  // PUT review/pending/post {review_id, status approve|reject}: staff only.
  app.put(
    '/review/pending/post',
    {
      config: active,
      schema: { body: PendingPostReviewBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!isStaff(actor.roleId)) throw ApiFailure.forbidden();
      await queue.review(actor, request.body);
      return ok(request, null);
    },
  );
};
