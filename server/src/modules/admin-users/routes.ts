import {
  AdminActivationUrl,
  AdminJob,
  AdminAddUserBody,
  AdminAddUsersBody,
  AdminUserActionPage,
  AdminUserActionsQuery,
  AdminUserIdQuery,
  AdminUserOverview,
  AdminUserPage,
  AdminUserPasswordBody,
  AdminUserProfileBody,
  AdminUserRoleBody,
  AdminUsersQuery,
  AdminUserStatusBody,
  DeletePermanentlyBody,
  RoleList,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import type { MailContext } from '../accounts/service';
import { auditOf } from '../audit/service';
import { actorOf } from '../post/actor';
import type { JobRunner } from '../job/runner';
import { jobView } from '../job/view';
import type { RoleId } from '../accounts/mapping';
import { ROLE_KEYS, userIdOf } from './mapping';
import type { AdminUserChanges, AdminUsersService, ItemContext } from './service';

export interface AdminUsersRoutesOptions {
  users: AdminUsersService;
  changes: AdminUserChanges;
  /** The background jobs (a bulk import answers with its job). */
  jobs: JobRunner;
}

const ADMIN = { auth: 'admin' } as const;
/** POST users' body limit: the longest text the contract allows, JSON-escaped, with room to spare. */
const BULK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The admin API's user management under /answer/admin/api, administrators only (members and
 * moderators 403, visitors 401). Docs: docs/wire-contract.md "Admin: users".
 */
export const adminUsersRoutes: FastifyPluginAsyncTypebox<AdminUsersRoutesOptions> = async (
  app,
  { users, changes, jobs },
) => {
  const itemContext = async (request: FastifyRequest): Promise<ItemContext> => ({
    avatar: await app.settings.get('users'),
    t: (key) => request.t(key),
  });
  const siteUrl = async () => (await app.settings.get('general')).site_url;
  const mailContext = async (): Promise<MailContext> => ({
    siteUrl: await siteUrl(),
    outbox: (mail, trx) => app.mailer.enqueue(mail, trx),
  });

  app.get(
    '/users/page',
    { config: ADMIN, schema: { querystring: AdminUsersQuery, response: responses(AdminUserPage, [400, 401, 403]) } },
    async (request) => ok(request, await users.page(request.query, await itemContext(request))),
  );

  app.post(
    '/user',
    { config: ADMIN, schema: { body: AdminAddUserBody, response: responses(Type.Null(), [400, 401, 403]) } },
    async (request) => {
      await users.addUser(request.body, auditOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/users',
    {
      config: ADMIN,
      // 5 000 full lines can pass the site-wide JSON limit; the text's own bound is the contract's.
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: AdminAddUsersBody, response: responses(AdminJob, [400, 401, 403, 413]) },
    },
    async (request) => {
      const id = await users.addUsers(request.body.users, actorOf(request).userId, auditOf(request));
      return ok(request, await jobView(jobs, id, request));
    },
  );

  app.put(
    '/user/status',
    {
      config: ADMIN,
      schema: { body: AdminUserStatusBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await changes.setStatus(actorOf(request), userIdOf(request.body.user_id), request.body, auditOf(request));
      return ok(request, null);
    },
  );

  app.put(
    '/user/role',
    { config: ADMIN, schema: { body: AdminUserRoleBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      const { user_id, role_id } = request.body;
      await changes.setRole(actorOf(request), userIdOf(user_id), role_id as RoleId, auditOf(request));
      return ok(request, null);
    },
  );

  app.put(
    '/user/password',
    {
      config: ADMIN,
      schema: { body: AdminUserPasswordBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const { user_id, password } = request.body;
      await changes.setPassword(actorOf(request), userIdOf(user_id), password, auditOf(request));
      return ok(request, null);
    },
  );

  app.put(
    '/user/profile',
    {
      config: ADMIN,
      schema: { body: AdminUserProfileBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await changes.setProfile(actorOf(request), userIdOf(request.body.user_id), request.body, auditOf(request));
      return ok(request, null);
    },
  );

  app.get(
    '/user/activation',
    {
      config: ADMIN,
      schema: { querystring: AdminUserIdQuery, response: responses(AdminActivationUrl, [400, 401, 403, 404]) },
    },
    async (request) => {
      const userId = userIdOf(request.query.user_id);
      return ok(request, { activation_url: await users.activationUrl(userId, await siteUrl(), auditOf(request)) });
    },
  );

  app.post(
    '/user/activation',
    { config: ADMIN, schema: { body: AdminUserIdQuery, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await users.sendActivation(userIdOf(request.body.user_id), await mailContext(), auditOf(request));
      return ok(request, null);
    },
  );

  app.delete(
    '/delete/permanently',
    { config: ADMIN, schema: { body: DeletePermanentlyBody, response: responses(Type.Null(), [400, 401, 403]) } },
    async (request) => {
      await users.purge(request.body.type, auditOf(request));
      return ok(request, null);
    },
  );

  app.get('/roles', { config: ADMIN, schema: { response: responses(RoleList, [401, 403]) } }, async (request) =>
    ok(
      request,
      ([1, 2, 3] as const).map((id) => ({
        id,
        name: request.t(`${ROLE_KEYS[id]}.name`),
        description: request.t(`${ROLE_KEYS[id]}.description`),
      })),
    ),
  );

  app.get(
    '/user/overview',
    {
      config: ADMIN,
      schema: { querystring: AdminUserIdQuery, response: responses(AdminUserOverview, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await users.overview(userIdOf(request.query.user_id), await itemContext(request))),
  );

  app.get(
    '/user/actions',
    {
      config: ADMIN,
      schema: { querystring: AdminUserActionsQuery, response: responses(AdminUserActionPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await users.actions(userIdOf(request.query.user_id), request.query)),
  );
};
