import { CollectionSwitchBody, CollectionSwitchResp } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { objectTypeOf } from '../../db/ids';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { CollectionSource } from './service';

/** POST collection/switch (docs/wire-contract.md), level `active`, under /answer/api/v1. */
export const collectionRoutes: FastifyPluginAsyncTypebox<{ collections: CollectionSource }> = async (
  app,
  { collections },
) => {
  app.post(
    '/collection/switch',
    {
      config: { auth: 'active' },
      schema: { body: CollectionSwitchBody, response: responses(CollectionSwitchResp, [400, 401, 403, 404]) },
    },
    async (request) => {
      const session = sessionOf(request);
      const { object_id: objectId } = request.body;
      if (objectTypeOf(objectId) !== 'question') {
        throw new ApiFailure(400, 'error.collection.question_only', { errType: 'toast' });
      }
      await collections.requireBookmarkable(objectId, { userId: Number(session.userId), roleId: session.roleId });
      const count = await collections.toggle(Number(session.userId), objectId, request.body.bookmark !== false);
      return ok(request, { object_collection_count: count });
    },
  );
};
