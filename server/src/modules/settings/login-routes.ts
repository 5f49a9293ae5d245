import { SiteLogin } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { cleanList, FieldChecks, isDomain } from './rules';
import { groupSaver, type SettingsRoutesOptions } from './save';

/** At most this many allowed sign-up domains. */
export const MAX_EMAIL_DOMAINS = 100;

const LoginBody = Type.Object({
  allow_new_registrations: Type.Boolean(),
  allow_email_registrations: Type.Boolean(),
  allow_password_login: Type.Boolean(),
  /** Absent (Answer's UI keeps it in the security group): the current value stays. */
  login_required: Type.Optional(Type.Boolean()),
  allow_email_domains: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 500 }),
  require_email_verification: Type.Optional(Type.Boolean()),
});

/**
 * GET/PUT siteinfo/login under /answer/admin/api, administrators only: who may sign up and how
 * members log in. The account routes read the group on every request, so a change holds at once:
 * sign-up closed or limited to the listed domains, password login off, new members active at once
 * without e-mail verification, and the private site (login_required) that refuses anonymous reads.
 */
export const loginSettingsRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions> = async (app, { pinned }) => {
  const save = groupSaver(app, pinned);

  app.get(
    '/siteinfo/login',
    { config: { auth: 'admin' }, schema: { response: responses(SiteLogin, [401, 403]) } },
    async (request) => ok(request, await app.settings.get('login')),
  );

  app.put(
    '/siteinfo/login',
    { config: { auth: 'admin' }, schema: { body: LoginBody, response: responses(SiteLogin, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      // Domains are compared lower-cased; `@example.com` is accepted for `example.com`.
      const domains = cleanList(body.allow_email_domains, (d) => d.toLowerCase().replace(/^@/, ''));
      const bad = domains.find((d) => !isDomain(d));
      if (bad !== undefined) check.fail('allow_email_domains', 'error.settings.domain_invalid', { domain: bad });
      else if (domains.length > MAX_EMAIL_DOMAINS)
        check.fail('allow_email_domains', 'validation.max_items', { limit: MAX_EMAIL_DOMAINS });
      const current = await app.settings.get('login');
      const value = {
        allow_new_registrations: body.allow_new_registrations,
        allow_email_registrations: body.allow_email_registrations,
        allow_password_login: body.allow_password_login,
        login_required: body.login_required ?? current.login_required,
        allow_email_domains: domains,
        require_email_verification: body.require_email_verification ?? current.require_email_verification ?? true,
      };
      const saved = await save(request, 'login', value, check.failures);
      // security keeps a copy of the private-site switch (siteinfo serves both).
      const security = await app.settings.get('security');
      if (security.login_required !== saved.login_required)
        await app.settings.set?.('security', { ...security, login_required: saved.login_required });
      return ok(request, saved);
    },
  );
};
