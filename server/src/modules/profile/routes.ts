import {
  CollectionPage,
  NotificationConfig,
  OwnPageQuery,
  PersonalPageQuery,
  PersonalUserInfo,
  PersonalUserQuery,
  QaTop,
  QaTopQuery,
  StaffList,
  StaffQuery,
  UpdateInterfaceBody,
  UpdateUserInfoBody,
  UserAnswerPage,
  UserCommentPage,
  UserQuestionPage,
  UserRanking,
  UserRankPage,
  UserSearchQuery,
  UserSearchResult,
  UserVotePage,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { PersonalPages } from './pages';
import type { ProfileService, Viewer } from './service';

const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.session ? { userId: Number(request.session.userId), roleId: request.session.roleId } : null;

const activeViewer = (request: FastifyRequest): Viewer => {
  const session = sessionOf(request);
  return { userId: Number(session.userId), roleId: session.roleId };
};

/**
 * Profiles, users settings and the users list (answer-api.md §2.2–§2.6, §2.14), under /answer/api/v1.
 * Public member pages are `pub`; own pages and settings are `active`.
 */
export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (app, { profile }) => {
  const pages = new PersonalPages(profile);
  const users = () => app.settings.get('users');

  app.put(
    '/user/info',
    {
      config: { auth: 'active' },
      schema: { body: UpdateUserInfoBody, response: responses(Type.Null(), [400, 401, 403]) },
    },
    async (request) => {
      const siteUrl = (await app.settings.get('general')).site_url;
      await profile.updateInfo(activeViewer(request), request.body, await users(), siteUrl);
      return ok(request, null);
    },
  );

  app.put(
    '/user/interface',
    {
      config: { auth: 'active' },
      schema: { body: UpdateInterfaceBody, response: responses(Type.Null(), [400, 401, 403]) },
    },
    async (request) => {
      await profile.updateInterface(activeViewer(request), request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/user/notification/config',
    { config: { auth: 'active' }, schema: { response: responses(NotificationConfig, [401, 403]) } },
    async (request) => ok(request, await profile.notificationConfig(activeViewer(request).userId)),
  );

  app.put(
    '/user/notification/config',
    {
      config: { auth: 'active' },
      schema: { body: NotificationConfig, response: responses(Type.Null(), [400, 401, 403]) },
    },
    async (request) => {
      await profile.setNotificationConfig(activeViewer(request).userId, request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/user/info/search',
    {
      config: { auth: 'active' },
      schema: { querystring: UserSearchQuery, response: responses(UserSearchResult, [400, 401, 403]) },
    },
    async (request) => ok(request, await profile.search(request.query.username, await users())),
  );

  app.get(
    '/user/ranking',
    { config: { auth: 'pub' }, schema: { response: responses(UserRanking, [401, 403]) } },
    async (request) => ok(request, await profile.ranking(await users())),
  );

  app.get(
    '/user/staff',
    {
      config: { auth: 'pub' },
      schema: { querystring: StaffQuery, response: responses(StaffList, [400, 401, 403]) },
    },
    async (request) => ok(request, await profile.staff(request.query, await users())),
  );

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
