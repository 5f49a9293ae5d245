import {
  NotificationConfig,
  StaffList,
  StaffQuery,
  UpdateInterfaceBody,
  UpdateUserInfoBody,
  UserRanking,
  UserSearchQuery,
  UserSearchResult,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import type { ProfileService } from './service';
import { activeViewer } from './viewer';

/**
 * A member's own settings and the users lists, under /answer/api/v1 (the member pages are
 * modules/personal). Lists are `pub`; settings are `active`.
 */
export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (app, { profile }) => {
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
};
