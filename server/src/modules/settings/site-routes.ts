import {
  SiteGeneral,
  SiteInterface,
  SitePolicies,
  SiteSecurity,
  SiteSeo,
  SiteUsers,
  SiteUsersSettings,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LANGUAGES } from '../../i18n';
import { ok, responses } from '../../lib/envelope';
import { renderMarkdown } from '../../lib/markdown';
import { FieldChecks, isTimeZone, normaliseSiteUrl } from './rules';
import { groupSaver, type SettingsRoutesOptions } from './save';

export const AVATARS = ['system', 'gravatar'] as const;
export const EXTERNAL_CONTENT = ['always_display', 'ask_before_display'] as const;
/** Legal texts, robots.txt: long enough for any real text, short enough to keep a row small. */
export const LONG_TEXT_MAX = 65_536;

/** The legal texts as a PUT sends them: the HTML, when sent, is ignored (the server derives it). */
const PoliciesBody = Type.Object({
  terms_of_service_original_text: Type.String(),
  terms_of_service_parsed_text: Type.Optional(Type.String()),
  privacy_policy_original_text: Type.String(),
  privacy_policy_parsed_text: Type.Optional(Type.String()),
});

const admin = { auth: 'admin' } as const;

/**
 * The site's identity and public-facing groups under /answer/admin/api, administrators only:
 * siteinfo/general, interface, users-settings, users, polices (sic), security and seo. Each GET
 * answers the group in force; each PUT checks the whole group, saves it and answers it
 * (docs/wire-contract.md lists the rules).
 */
export const siteSettingsRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions> = async (app, { pinned }) => {
  const save = groupSaver(app, pinned);

  app.get('/siteinfo/general', { config: admin, schema: { response: responses(SiteGeneral, [401, 403]) } }, async (r) =>
    ok(r, await app.settings.get('general')),
  );
  app.put(
    '/siteinfo/general',
    { config: admin, schema: { body: SiteGeneral, response: responses(SiteGeneral, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      const value = {
        name: body.name.trim(),
        short_description: body.short_description.trim(),
        description: body.description.trim(),
        site_url: body.site_url.trim(),
        contact_email: body.contact_email.trim(),
        check_update: body.check_update ?? (await app.settings.get('general')).check_update,
      };
      for (const field of ['name', 'short_description', 'site_url', 'contact_email'] as const)
        check.singleLine(field, value[field]);
      check.length('name', value.name, 128, 2);
      check.length('short_description', value.short_description, 255);
      check.length('description', value.description, 2000);
      check.httpUrl('site_url', value.site_url, { required: true });
      check.email('contact_email', value.contact_email, true);
      if (check.failures.length === 0) value.site_url = normaliseSiteUrl(value.site_url);
      return ok(request, await save(request, 'general', value, check.failures));
    },
  );

  app.get(
    '/siteinfo/interface',
    { config: admin, schema: { response: responses(SiteInterface, [401, 403]) } },
    async (r) => ok(r, await app.settings.get('interface')),
  );
  app.put(
    '/siteinfo/interface',
    { config: admin, schema: { body: SiteInterface, response: responses(SiteInterface, [400, 401, 403]) } },
    async (request) => {
      const check = new FieldChecks();
      const value = { language: request.body.language.trim(), time_zone: request.body.time_zone.trim() || 'UTC' };
      check.oneOf(
        'language',
        value.language,
        LANGUAGES.map((l) => l.value),
      );
      if (!isTimeZone(value.time_zone)) check.fail('time_zone', 'error.settings.time_zone_invalid');
      return ok(request, await save(request, 'interface', value, check.failures));
    },
  );

  app.get(
    '/siteinfo/users-settings',
    { config: admin, schema: { response: responses(SiteUsersSettings, [401, 403]) } },
    async (request) => {
      const { default_avatar, gravatar_base_url } = await app.settings.get('users');
      const avatar = default_avatar === 'gravatar' ? ('gravatar' as const) : ('system' as const);
      return ok(request, { default_avatar: avatar, gravatar_base_url });
    },
  );
  app.put(
    '/siteinfo/users-settings',
    {
      config: admin,
      schema: { body: SiteUsersSettings, response: responses(SiteUsersSettings, [400, 401, 403]) },
    },
    async (request) => {
      const check = new FieldChecks();
      const gravatar = request.body.gravatar_base_url.trim();
      check.singleLine('gravatar_base_url', gravatar);
      check.httpUrl('gravatar_base_url', gravatar, { required: true });
      const users = await app.settings.get('users');
      const saved = await save(
        request,
        'users',
        { ...users, default_avatar: request.body.default_avatar, gravatar_base_url: gravatar },
        check.failures,
      );
      return ok(request, {
        default_avatar: saved.default_avatar === 'gravatar' ? ('gravatar' as const) : ('system' as const),
        gravatar_base_url: saved.gravatar_base_url,
      });
    },
  );

  app.get('/siteinfo/users', { config: admin, schema: { response: responses(SiteUsers, [401, 403]) } }, async (r) =>
    ok(r, await app.settings.get('users')),
  );
  app.put(
    '/siteinfo/users',
    { config: admin, schema: { body: SiteUsers, response: responses(SiteUsers, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      check.oneOf('default_avatar', body.default_avatar, AVATARS);
      const gravatar = body.gravatar_base_url.trim();
      check.singleLine('gravatar_base_url', gravatar);
      check.httpUrl('gravatar_base_url', gravatar, { required: true });
      const value = { ...body, gravatar_base_url: gravatar };
      return ok(request, await save(request, 'users', value, check.failures));
    },
  );

  app.get(
    '/siteinfo/polices',
    { config: admin, schema: { response: responses(SitePolicies, [401, 403]) } },
    async (r) => ok(r, await app.settings.get('legal')),
  );
  app.put(
    '/siteinfo/polices',
    { config: admin, schema: { body: PoliciesBody, response: responses(SitePolicies, [400, 401, 403]) } },
    async (request) => {
      const check = new FieldChecks();
      const tos = request.body.terms_of_service_original_text.trim();
      const privacy = request.body.privacy_policy_original_text.trim();
      check.length('terms_of_service_original_text', tos, LONG_TEXT_MAX);
      check.length('privacy_policy_original_text', privacy, LONG_TEXT_MAX);
      // Markdown rendered and sanitised here; a text that is only a URL (the policy lives there) becomes its link.
      const html = renderMarkdown;
      const value = {
        terms_of_service_original_text: tos,
        terms_of_service_parsed_text: html(tos),
        privacy_policy_original_text: privacy,
        privacy_policy_parsed_text: html(privacy),
      };
      return ok(request, await save(request, 'legal', value, check.failures));
    },
  );

  app.get(
    '/siteinfo/security',
    { config: admin, schema: { response: responses(SiteSecurity, [401, 403]) } },
    async (r) => ok(r, await app.settings.get('security')),
  );
  app.put(
    '/siteinfo/security',
    { config: admin, schema: { body: SiteSecurity, response: responses(SiteSecurity, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      check.oneOf('external_content_display', body.external_content_display, EXTERNAL_CONTENT);
      const fixed = pinned?.login?.login_required;
      if (fixed !== undefined && fixed !== body.login_required)
        check.fail('login_required', 'error.settings.pinned', { field: 'login_required' });
      const value = {
        login_required: body.login_required,
        external_content_display: body.external_content_display,
        check_update: body.check_update,
      };
      const saved = await save(request, 'security', value, check.failures);
      // The private-site switch lives in both groups; the login group's copy is the one enforced. The copy is
      // no entry of its own in the audit log: this save's entry names login_required.
      const login = await app.settings.get('login');
      if (login.login_required !== saved.login_required)
        await app.settings.set?.('login', { ...login, login_required: saved.login_required });
      return ok(request, await app.settings.get('security'));
    },
  );

  app.get('/siteinfo/seo', { config: admin, schema: { response: responses(SiteSeo, [401, 403]) } }, async (r) =>
    ok(r, await app.settings.get('seo')),
  );
  app.put(
    '/siteinfo/seo',
    { config: admin, schema: { body: SiteSeo, response: responses(SiteSeo, [400, 401, 403]) } },
    async (request) => {
      const check = new FieldChecks();
      const { permalink } = request.body;
      if (permalink < 1 || permalink > 4) check.fail('permalink', 'validation.one_of', { values: '1, 2, 3, 4' });
      const robots = request.body.robots.replace(/\r\n/g, '\n');
      check.length('robots', robots, LONG_TEXT_MAX);
      return ok(request, await save(request, 'seo', { permalink, robots }, check.failures));
    },
  );
};
