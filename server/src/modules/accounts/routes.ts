import { CurrentUser, LoginEmailBody, UserLogin } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { readToken } from '../../plugins/auth';
import type { SettingsStore } from '../settings/store';
import { toCurrentUser, toUserLogin } from './mapping';
import type { AccountsService } from './service';

export type AccountsRoute = 'login' | 'info' | 'logout';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  /** Where `login.allow_password_login` is read; default: the app's `settings` decoration, if any. */
  settings?: SettingsStore;
  /** Which routes to register (default all): the app may keep its own user/info and user/logout. */
  only?: AccountsRoute[];
}

const INCORRECT = 'error.object.email_or_password_incorrect';

function settingsOf(app: FastifyInstance, options: AccountsRoutesOptions): SettingsStore | undefined {
  if (options.settings) return options.settings;
  return app.hasDecorator('settings') ? (app as unknown as { settings: SettingsStore }).settings : undefined;
}

/**
 * Login, current user and logout (answer-api.md §2.2), registered under /answer/api/v1. Needs the
 * i18n and errors plugins (request.t, ApiFailure -> envelope).
 */
export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const enabled = (route: AccountsRoute) => !options.only || options.only.includes(route);

  if (enabled('login')) {
    app.post(
      '/user/login/email',
      { schema: { body: LoginEmailBody, response: responses(UserLogin, [400, 403]) } },
      async (request) => {
        const settings = settingsOf(app, options);
        if (settings && !(await settings.get('login')).allow_password_login) {
          throw ApiFailure.badRequest('error.user.not_allowed_login_via_password');
        }
        const outcome = await accounts.loginWithEmail(request.body.e_mail, request.body.pass, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        if (outcome.kind === 'invalid') throw ApiFailure.fields([{ field: 'e_mail', reason: INCORRECT }], INCORRECT);
        if (outcome.kind === 'suspended') throw ApiFailure.forbidden('error.user.suspended', 'suspended');
        request.log.info({ userId: outcome.user.id }, 'login');
        return ok(request, toUserLogin(outcome.user, outcome.token));
      },
    );
  }

  if (enabled('info')) {
    // Level `none`: no token, or a token that is unknown, expired or revoked, is simply "nobody".
    app.get(
      '/user/info',
      { schema: { response: responses(Type.Union([CurrentUser, Type.Null()])) } },
      async (request) => {
        const session = await accounts.resolve(readToken(request));
        return ok(request, session ? toCurrentUser(session.user) : null);
      },
    );
  }

  if (enabled('logout')) {
    app.get(
      '/user/logout',
      { config: { auth: 'login' }, schema: { response: responses(Type.Null(), [401]) } },
      async (request) => {
        const token = readToken(request);
        // An expired or revoked token, or a deleted account, is not logged in (401), as on every `login` route.
        if (!token || !(await accounts.resolve(token))) throw ApiFailure.unauthorized();
        await accounts.logout(token);
        request.log.info('logout');
        return ok(request, null);
      },
    );
  }
};
