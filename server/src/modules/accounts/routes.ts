import {
  EmailChangeBody,
  EmailChangeCodeBody,
  LoginEmailBody,
  PasswordChangeBody,
  PasswordReplacementBody,
  PasswordResetBody,
  RegisterEmailBody,
  UnsubscribeBody,
  UnsubscribedMails,
  UserLogin,
  UserSessionDeleteBody,
  UserSessionList,
  VerificationBody,
  VerificationSendBody,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { ACCOUNT_DELAY_MS } from '../../plugins/rate-limit-rules';
import { MAIL_STATUS, toUserLogin } from './mapping';
import { usernameFromName } from './names';
import {
  assertPasswordPolicy,
  decoration,
  domainAllowed,
  fail,
  INCORRECT,
  noCaptcha,
  OLD_PASSWORD_WRONG,
  RESET_URL_INVALID,
  settingsOf,
  suspendedFailure,
  URL_EXPIRED,
  type AccountsCaptcha,
  type AccountsMailer,
  type AccountsRoute,
  type AccountsRoutesOptions,
} from './route-support';
import { AccountError, type MailContext, type SessionOutcome } from './service';
import { setSessionCookie } from './session-cookie';

export {
  type AccountsCaptcha,
  type AccountsMailer,
  type AccountsRoute,
  type AccountsRoutesOptions,
} from './route-support';

/**
 * Login, sign-up, activation, e-mail change, password reset and change, unsubscribe, the user's own
 * sessions (the current user and logout are modules/user's),
 * registered under /answer/api/v1. Needs the i18n and errors plugins (request.t, ApiFailure ->
 * envelope) and, for the routes with an auth level, the auth plugin.
 */
export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const enabled = (route: AccountsRoute) => !options.only || options.only.includes(route);
  const captcha = (): AccountsCaptcha => options.captcha ?? decoration<AccountsCaptcha>(app, 'captcha') ?? noCaptcha;
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

  /** The outbox and site URL the flows put their mails and links into. */
  const mailContext = async (request: FastifyRequest): Promise<MailContext> => {
    const settings = settingsOf(app, options);
    const siteUrl = settings ? (await settings.get('general')).site_url : '';
    const mailer = options.mailer ?? decoration<AccountsMailer>(app, 'mailer');
    return {
      siteUrl,
      outbox: async (mail, trx) => {
        if (mailer) await mailer.enqueue(mail, trx);
        else request.log.warn({ template: mail.template }, 'accounts: no mailer, mail dropped');
      },
    };
  };

  const loginSettings = async () => {
    const settings = settingsOf(app, options);
    return settings ? await settings.get('login') : undefined;
  };

  /** Logs the user in on this response: cookie and UserLogin (or the 403 of a refused outcome). */
  const loggedIn = async (request: FastifyRequest, reply: FastifyReply, outcome: SessionOutcome) => {
    if (outcome.kind === 'invalid') throw ApiFailure.forbidden(URL_EXPIRED, 'url_expired');
    if (outcome.kind === 'suspended') throw suspendedFailure(outcome.user);
    await setSessionCookie(request, reply, outcome.token, outcome.expiresAt, accounts.now());
    return ok(request, toUserLogin(outcome.user, outcome.token));
  };

  if (enabled('login')) {
    app.post(
      '/user/login/email',
      { config: { auth: 'none' }, schema: { body: LoginEmailBody, response: responses(UserLogin, [400, 403]) } },
      async (request, reply) => {
        const settings = await loginSettings();
        if (settings && !settings.allow_password_login) {
          throw ApiFailure.badRequest('error.user.not_allowed_login_via_password');
        }
        // An account under attack from many addresses is never locked: every login for it needs a
        // captcha now (the client's next user/action/record shows one), or waits when captchas are off.
        if (request.accountThrottled && !(await captcha().demand?.(request, 'password'))) {
          await new Promise((resolve) => setTimeout(resolve, ACCOUNT_DELAY_MS));
        }
        await captcha().verify(request, 'password', request.body);
        const outcome = await accounts.loginWithEmail(request.body.e_mail, request.body.pass, client(request));
        if (outcome.kind === 'invalid') {
          await captcha().record(request, 'password');
          throw ApiFailure.fields([{ field: 'e_mail', reason: INCORRECT }], INCORRECT);
        }
        await captcha().clear(request, 'password');
        if (outcome.kind === 'suspended') throw suspendedFailure(outcome.user);
        request.log.info({ userId: outcome.user.id }, 'login');
        await setSessionCookie(request, reply, outcome.token, outcome.expiresAt, accounts.now());
        return ok(request, toUserLogin(outcome.user, outcome.token));
      },
    );
  }

  if (enabled('register')) {
    app.post(
      '/user/register/email',
      { config: { auth: 'none' }, schema: { body: RegisterEmailBody, response: responses(UserLogin, [400, 403]) } },
      async (request, reply) => {
        const settings = await loginSettings();
        if (settings && (!settings.allow_new_registrations || !settings.allow_email_registrations)) {
          throw ApiFailure.badRequest('error.user.not_allowed_registration');
        }
        const body = request.body;
        await captcha().verify(request, 'email', body);
        await captcha().record(request, 'email');
        const name = usernameFromName(body.name);
        if ('problem' in name) throw fail('name', name.problem);
        if (settings && !domainAllowed(body.e_mail, settings.allow_email_domains)) {
          throw fail('e_mail', 'error.email.illegal_email_domain_error');
        }
        assertPasswordPolicy(body.pass);
        let outcome: SessionOutcome;
        try {
          outcome = await accounts.register(
            { username: name.username, displayName: name.displayName, email: body.e_mail, password: body.pass },
            client(request),
            await mailContext(request),
            { requireVerification: settings?.require_email_verification !== false },
          );
        } catch (error) {
          if (error instanceof AccountError && error.code === 'email_taken') {
            throw fail('e_mail', 'error.email.duplicate');
          }
          if (error instanceof AccountError && error.code === 'username_taken') {
            throw fail('name', 'error.username.duplicate');
          }
          throw error;
        }
        if (outcome.kind === 'ok' && outcome.stored === false)
          request.log.info('sign-up with an address that has an account: its owner was told, nothing was created');
        else if (outcome.kind === 'ok') request.log.info({ userId: outcome.user.id }, 'registered');
        return loggedIn(request, reply, outcome);
      },
    );
  }

  if (enabled('email')) {
    app.post(
      '/user/email/verification',
      { config: { auth: 'none' }, schema: { body: VerificationBody, response: responses(UserLogin, [400, 403]) } },
      async (request, reply) =>
        loggedIn(request, reply, await accounts.verifyEmail(request.body.code, client(request))),
    );

    app.post(
      '/user/email/verification/send',
      {
        config: { auth: 'login' },
        schema: { body: VerificationSendBody, response: responses(Type.Null(), [400, 401, 403]) },
        // A request without a body (no captcha asked for) is an empty one.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const user = await accounts.findUserById(Number(session.userId));
        if (user?.mail_status === MAIL_STATUS.verified) throw ApiFailure.badRequest('error.email.already_verified');
        await captcha().verify(request, 'email', request.body);
        await captcha().record(request, 'email');
        try {
          await accounts.resendActivation(Number(session.userId), await mailContext(request));
        } catch (error) {
          if (error instanceof AccountError && error.code === 'already_verified') {
            throw ApiFailure.badRequest('error.email.already_verified');
          }
          throw error;
        }
        return ok(request, null);
      },
    );

    app.post(
      '/user/email/change/code',
      {
        config: { auth: 'login' },
        schema: { body: EmailChangeCodeBody, response: responses(Type.Null(), [400, 401, 403]) },
      },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        await captcha().verify(request, 'edit_userinfo', body);
        await captcha().record(request, 'edit_userinfo');
        const settings = await loginSettings();
        if (settings && !domainAllowed(body.e_mail, settings.allow_email_domains)) {
          throw fail('e_mail', 'error.email.illegal_email_domain_error');
        }
        try {
          await accounts.requestEmailChange(
            Number(session.userId),
            { email: body.e_mail, ...(body.pass !== undefined ? { password: body.pass } : {}) },
            await mailContext(request),
          );
        } catch (error) {
          if (error instanceof AccountError) {
            if (error.code === 'password_required') throw fail('pass', 'error.password.current_required');
            if (error.code === 'password_incorrect') throw fail('pass', OLD_PASSWORD_WRONG);
            if (error.code === 'email_taken') throw fail('e_mail', 'error.email.duplicate');
          }
          throw error;
        }
        return ok(request, null);
      },
    );

    app.put(
      '/user/email',
      { config: { auth: 'none' }, schema: { body: EmailChangeBody, response: responses(UserLogin, [400, 403]) } },
      async (request, reply) => {
        try {
          const outcome = await accounts.confirmEmailChange(
            request.body.code,
            client(request),
            await mailContext(request),
          );
          return await loggedIn(request, reply, outcome);
        } catch (error) {
          if (error instanceof AccountError && error.code === 'email_taken')
            throw fail('e_mail', 'error.email.duplicate');
          throw error;
        }
      },
    );
  }

  if (enabled('password')) {
    app.post(
      '/user/password/reset',
      { config: { auth: 'none' }, schema: { body: PasswordResetBody, response: responses(Type.Null(), [400]) } },
      async (request) => {
        await captcha().verify(request, 'email', request.body);
        await captcha().record(request, 'email');
        await accounts.requestPasswordReset(request.body.e_mail, await mailContext(request));
        return ok(request, null);
      },
    );

    app.post(
      '/user/password/replacement',
      { config: { auth: 'none' }, schema: { body: PasswordReplacementBody, response: responses(Type.Null(), [400]) } },
      async (request) => {
        assertPasswordPolicy(request.body.pass);
        if (!(await accounts.resetPassword(request.body.code, request.body.pass))) {
          throw ApiFailure.badRequest(RESET_URL_INVALID);
        }
        return ok(request, null);
      },
    );

    app.put(
      '/user/password',
      {
        config: { auth: 'active' },
        schema: { body: PasswordChangeBody, response: responses(Type.Null(), [400, 401, 403]) },
      },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        await captcha().verify(request, 'edit_userinfo', body);
        await captcha().record(request, 'edit_userinfo');
        assertPasswordPolicy(body.pass);
        try {
          await accounts.changePassword(Number(session.userId), body.old_pass || undefined, body.pass, session.token);
        } catch (error) {
          if (error instanceof AccountError) {
            if (error.code === 'password_required') throw fail('old_pass', 'error.password.current_required');
            if (error.code === 'password_incorrect') throw fail('old_pass', OLD_PASSWORD_WRONG);
          }
          throw error;
        }
        return ok(request, null);
      },
    );
  }

  if (enabled('unsubscribe')) {
    app.put(
      '/user/notification/unsubscribe',
      {
        config: { auth: 'none' },
        schema: { body: UnsubscribeBody, response: responses(UnsubscribedMails, [400]) },
      },
      async (request) => {
        const stopped = await accounts.unsubscribe(request.body.code);
        if (!stopped) throw ApiFailure.badRequest('error.notification.unsubscribe_code_invalid');
        return ok(request, stopped);
      },
    );
  }

  if (enabled('sessions')) {
    app.get(
      '/user/sessions',
      { config: { auth: 'login' }, schema: { response: responses(UserSessionList, [401, 403]) } },
      async (request) => {
        const session = sessionOf(request);
        return ok(request, await accounts.listSessions(Number(session.userId), session.token));
      },
    );

    app.delete(
      '/user/sessions',
      {
        config: { auth: 'login' },
        schema: { body: UserSessionDeleteBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
      },
      async (request) => {
        const session = sessionOf(request);
        const userId = Number(session.userId);
        if (request.body.all_others === true) {
          await accounts.revokeSessions(userId, session.token);
        } else if (request.body.id) {
          if (!(await accounts.revokeSessionById(userId, request.body.id)))
            throw ApiFailure.notFound('error.session.not_found');
        } else {
          throw fail('id', 'validation.required');
        }
        return ok(request, null);
      },
    );
  }
};
