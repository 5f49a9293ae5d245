import {
  CollectionPage,
  OwnPageQuery,
  PersonalPageQuery,
  PersonalUserInfo,
  PersonalUserQuery,
  QaTop,
  QaTopQuery,
  UserAnswerPage,
  UserCommentPage,
  UserQuestionPage,
  UserRankPage,
  UserVotePage,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { ProfileService } from '../profile/service';
import { activeViewer, viewerOf } from '../profile/viewer';
import { PersonalPages } from './service';

/**
 * A member's pages, under /answer/api/v1: public ones are `pub` (each shows what the viewer may see),
 * the member's own votes and bookmarks are `active`.
 */
export const personalRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (app, { profile }) => {
  const pages = new PersonalPages(profile);
  const users = () => app.settings.get('users');

  app.get(
    '/personal/user/info',
    {
      config: { auth: 'pub' },
      schema: { querystring: PersonalUserQuery, response: responses(PersonalUserInfo, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await profile.personalInfo(request.query.username, await users())),
  );

  app.get(
    '/personal/qa/top',
    {
      config: { auth: 'pub' },
      schema: { querystring: QaTopQuery, response: responses(QaTop, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await pages.qaTop(request.query.username, viewerOf(request))),
  );

  app.get(
    '/personal/question/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: PersonalPageQuery, response: responses(UserQuestionPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await pages.questionPage(request.query, viewerOf(request))),
  );

  app.get(
    '/personal/answer/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: PersonalPageQuery, response: responses(UserAnswerPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await pages.answerPage(request.query, viewerOf(request))),
  );

  app.get(
    '/personal/comment/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: PersonalPageQuery, response: responses(UserCommentPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await pages.commentPage(request.query, viewerOf(request))),
  );

  app.get(
    '/personal/rank/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: PersonalPageQuery, response: responses(UserRankPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await pages.rankPage(request.query, viewerOf(request), (key) => request.t(key))),
  );

  app.get(
    '/personal/vote/page',
    {
      config: { auth: 'active' },
      schema: { querystring: OwnPageQuery, response: responses(UserVotePage, [400, 401, 403]) },
    },
    async (request) => ok(request, await pages.votePage(request.query, activeViewer(request), (key) => request.t(key))),
  );

  app.get(
    '/personal/collection/page',
    {
      config: { auth: 'active' },
      schema: { querystring: OwnPageQuery, response: responses(CollectionPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await pages.collectionPage(request.query, activeViewer(request), await users())),
  );
};
