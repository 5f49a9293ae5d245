import { PermissionMap, PermissionQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { decide, type PrivilegeSource } from './service';

/** GET permission?action=a,b (docs/wire-contract.md), level `active`, under /answer/api/v1. */
export const permissionRoutes: FastifyPluginAsyncTypebox<{ privileges: PrivilegeSource }> = async (
  app,
  { privileges },
) => {
  app.get(
    '/permission',
    {
      config: { auth: 'active' },
      schema: { querystring: PermissionQuery, response: responses(PermissionMap, [400, 401, 403]) },
    },
    async (request) => {
      const session = sessionOf(request);
      const actions = [...new Set(request.query.action.split(','))];
      const [thresholds, user] = await Promise.all([privileges.thresholds(actions), app.users.currentUser(session)]);
      const rank = user?.rank ?? 0;
      const result: PermissionMap = {};
      for (const action of actions) {
        const decision = decide(action, session.roleId, rank, thresholds.get(action));
        result[action] = decision.allowed
          ? { has_permission: true, no_permission_tip: '' }
          : {
              has_permission: false,
              no_permission_tip:
                decision.reason === 'reputation'
                  ? request.t('error.rank.no_enough_rank_to_operate', { rank: decision.required ?? 0 })
                  : request.t('error.rank.fail_to_meet_the_condition'),
            };
      }
      return ok(request, result);
    },
  );
};
