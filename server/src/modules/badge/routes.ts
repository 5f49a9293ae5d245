import {
  BadgeAwardPage,
  BadgeAwardsQuery,
  BadgeDetail,
  BadgeGroupList,
  BadgeQuery,
  UserBadgePage,
  UserBadgesQuery,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { viewerOf } from '../post/actor';
import { RECENT_AWARDS, type BadgeService } from './service';

/**
 * The public badge routes under /answer/api/v1 (docs/wire-contract.md, "Badges"), level `pub`, in the
 * reader's language; `earned_count` is the viewer's (0 for a visitor).
 */
export const badgeRoutes: FastifyPluginAsyncTypebox<{ badges: BadgeService }> = async (app, { badges }) => {
  const pub = { auth: 'pub' } as const;

  app.get('/badges', { config: pub, schema: { response: responses(BadgeGroupList, [401, 403]) } }, async (request) =>
    ok(request, await badges.groups(viewerOf(request).userId, request.lang)),
  );

  app.get(
    '/badge',
    { config: pub, schema: { querystring: BadgeQuery, response: responses(BadgeDetail, [400, 401, 403, 404]) } },
    async (request) => ok(request, await badges.detail(request.query.id, viewerOf(request).userId, request.lang)),
  );

  app.get(
    '/badge/awards/page',
    {
      config: pub,
      schema: { querystring: BadgeAwardsQuery, response: responses(BadgeAwardPage, [400, 401, 403, 404]) },
    },
    async (request) =>
      ok(request, await badges.awards(request.query, viewerOf(request), await app.settings.get('users'))),
  );

  app.get(
    '/badge/user/awards',
    { config: pub, schema: { querystring: UserBadgesQuery, response: responses(UserBadgePage, [400, 401, 403, 404]) } },
    async (request) => ok(request, await badges.memberAwards(request.query.username, request.lang)),
  );

  app.get(
    '/badge/user/awards/recent',
    { config: pub, schema: { querystring: UserBadgesQuery, response: responses(UserBadgePage, [400, 401, 403, 404]) } },
    async (request) => ok(request, await badges.memberAwards(request.query.username, request.lang, RECENT_AWARDS)),
  );
};
