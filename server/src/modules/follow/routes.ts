import { FollowBody, FollowingTags, FollowResp, FollowTagsBody } from '@agora/shared-api/contract';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { objectTypeOf } from '../../db/ids';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { notFoundReason } from '../visibility/rule';
import type { FollowSource } from './service';

/** POST follow (docs/wire-contract.md): a question or a tag, level `active`, under /answer/api/v1. */
export const followRoutes: FastifyPluginAsyncTypebox<{ follows: FollowSource }> = async (app, { follows }) => {
  app.post(
    '/follow',
    {
      config: { auth: 'active' },
      schema: { body: FollowBody, response: responses(FollowResp, [400, 401, 403, 404]) },
    },
    async (request) => {
      const session = sessionOf(request);
      const { object_id: objectId } = request.body;
      const kind = objectTypeOf(objectId);
      if (kind !== 'question' && kind !== 'tag') {
        throw new ApiFailure(400, 'error.follow.not_followable', { errType: 'toast' });
      }
      const type = await follows.followable(objectId, { userId: Number(session.userId), roleId: session.roleId });
      // A question the member may not see answers as a missing one does (its own 404).
      if (!type) throw new ApiFailure(404, notFoundReason(kind), { errType: 'toast' });
      const result = await follows.follow(Number(session.userId), type, objectId, request.body.is_cancel === true);
      return ok(request, result);
    },
  );

  app.put(
    '/follow/tags',
    {
      config: { auth: 'active' },
      schema: { body: FollowTagsBody, response: responses(Type.Null(), [400, 401, 403]) },
    },
    async (request) => {
      await follows.setTags(Number(sessionOf(request).userId), request.body.slug_name_list);
      return ok(request, null);
    },
  );

  app.get(
    '/tags/following',
    { config: { auth: 'pub' }, schema: { response: responses(FollowingTags, [401, 403]) } },
    async (request) => {
      const userId = request.session?.userId;
      return ok(request, userId ? await follows.followingTags(Number(userId)) : []);
    },
  );
};
