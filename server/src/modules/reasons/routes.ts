import { ReasonList, ReasonsQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { toReasonItem, type ReasonSource } from './service';

/**
 * GET reasons?object_type&action (docs/wire-contract.md): level `active` under /answer/api/v1; the admin
 * API registers the same route with `auth: 'admin'`.
 */
export const reasonRoutes: FastifyPluginAsyncTypebox<{ reasons: ReasonSource; auth?: 'active' | 'admin' }> = async (
  app,
  { reasons, auth = 'active' },
) => {
  app.get(
    '/reasons',
    {
      config: { auth },
      schema: { querystring: ReasonsQuery, response: responses(ReasonList, [400, 401, 403]) },
    },
    async (request) => {
      const list = await reasons.list(request.query.object_type, request.query.action);
      return ok(
        request,
        list.map((reason) => toReasonItem(reason, request.lang)),
      );
    },
  );
};
