import { CurrentUser, LegalInfo, NotificationStatus, SiteInfo } from '@agora/shared-api/contract';
import { Value } from 'typebox/value';
import { describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../src/app';
import type { Session, SessionStore } from '../src/modules/session/store';
import type { UserStore } from '../src/modules/user/service';
import { envelope, makeApp, testConfig } from './helpers';

const V1 = '/answer/api/v1';

const ALICE: CurrentUser = {
  id: '1',
  username: 'alice',
  display_name: 'Alice',
  e_mail: 'alice@example.com',
  avatar: { type: 'system' },
  rank: 1,
  bio: '',
  bio_html: '',
  website: '',
  location: '',
  language: 'en_US',
  color_scheme: 'default',
  status: 'normal',
  mail_status: 1,
  role_id: 1,
  have_password: true,
};

/** A fake store of three sessions with different account states. */
function fakeAccounts() {
  const sessions: Record<string, Session> = {
    'tok-alice': { token: 'tok-alice', userId: '1', roleId: 1, status: 'normal' },
    'tok-inactive': { token: 'tok-inactive', userId: '2', roleId: 1, status: 'inactive' },
    'tok-suspended': { token: 'tok-suspended', userId: '3', roleId: 1, status: 'suspended' },
    'tok-mod': { token: 'tok-mod', userId: '4', roleId: 3, status: 'normal' },
  };
  const revoke = vi.fn(async (token: string) => {
    delete sessions[token];
  });
  const store: SessionStore = { find: async (token) => sessions[token] ?? null, revoke };
  const users: UserStore = { currentUser: async (s) => (s.userId === '1' ? ALICE : null) };
  const services: AppServices = { sessions: store, users };
  return { services, revoke };
}

describe('GET siteinfo', () => {
  it('serves the seeded defaults in the SiteInfo shape', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url: `${V1}/siteinfo` });
    const { data } = envelope<SiteInfo>(res.body);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(SiteInfo, data)).toBe(true);
    expect(data.general.name).toBe('Agora');
    expect(data.site_seo.permalink).toBe(2);
    expect(data.theme.theme).toBe('default');
    expect(data.theme.theme_config.default).toEqual({ navbar_style: 'colored', primary_color: '#0033FF' });
    expect(data.login).toMatchObject({
      allow_new_registrations: true,
      allow_email_registrations: true,
      login_required: false,
    });
    expect(data.site_users).toMatchObject({
      default_avatar: 'system',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
    });
    expect(
      Object.values(data.site_users)
        .filter((v) => typeof v === 'boolean')
        .every(Boolean),
    ).toBe(true);
    expect(data.interface).toMatchObject({ language: 'en_US', time_zone: 'UTC' });
    expect(data.maintenance).toBe(false);
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('applies the config file site object group by group, deeply', async () => {
    const app = await makeApp(
      testConfig({
        site: {
          general: { name: 'Ask Us' },
          theme: { theme_config: { default: { primary_color: '#112233' } } },
          login: { allow_new_registrations: false, login_required: true },
        },
      }),
    );
    const { data } = envelope<SiteInfo>((await app.inject({ method: 'GET', url: `${V1}/siteinfo` })).body);
    expect(data.general.name).toBe('Ask Us');
    expect(data.general.short_description).not.toBe('');
    expect(data.theme.theme_config.default).toEqual({ navbar_style: 'colored', primary_color: '#112233' });
    expect(data.login.allow_new_registrations).toBe(false);
    expect(data.login.allow_email_registrations).toBe(true);
    expect(data.site_security?.login_required).toBe(true);
  });
});

describe('GET siteinfo/legal', () => {
  const config = () =>
    testConfig({
      site: {
        legal: {
          terms_of_service_original_text: 'Be kind.\n\n<script>alert(1)</script>',
          privacy_policy_original_text: 'https://example.com/privacy',
        },
      },
    });

  it('returns the terms of service as original text and escaped HTML', async () => {
    const app = await makeApp(config());
    const res = await app.inject({ method: 'GET', url: `${V1}/siteinfo/legal?info_type=tos` });
    const { data } = envelope<LegalInfo>(res.body);
    expect(Value.Check(LegalInfo, data)).toBe(true);
    expect(data).toEqual({
      terms_of_service_original_text: 'Be kind.\n\n<script>alert(1)</script>',
      terms_of_service_parsed_text: '<p>Be kind.</p>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    });
  });

  it('returns only the privacy pair for info_type=privacy', async () => {
    const app = await makeApp(config());
    const { data } = envelope<LegalInfo>(
      (await app.inject({ method: 'GET', url: `${V1}/siteinfo/legal?info_type=privacy` })).body,
    );
    expect(Object.keys(data).sort()).toEqual(['privacy_policy_original_text', 'privacy_policy_parsed_text']);
    expect(data.privacy_policy_original_text).toBe('https://example.com/privacy');
  });

  it('rejects a missing or unknown info_type with a field error', async () => {
    const app = await makeApp(config());
    const res = await app.inject({ method: 'GET', url: `${V1}/siteinfo/legal?info_type=cookies` });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body).data).toEqual([{ error_field: 'info_type', error_msg: 'Must be one of: tos, privacy.' }]);
  });
});

describe('language options and plugin status', () => {
  it('lists en_US and zh_CN', async () => {
    const app = await makeApp();
    const { data } = envelope((await app.inject({ method: 'GET', url: `${V1}/language/options` })).body);
    expect(data).toEqual([
      { label: 'English', value: 'en_US' },
      { label: '简体中文', value: 'zh_CN' },
    ]);
  });

  it('reports every configured plugin with its enabled flag', async () => {
    const config = testConfig();
    config.plugins.push({
      slug_name: 'off-one',
      name: 'plugin_off',
      module: './Plugin',
      entry: '/plugins/off-one/mf-manifest.json',
      enabled: false,
    });
    const app = await makeApp(config);
    const { data } = envelope((await app.inject({ method: 'GET', url: `${V1}/plugin/status` })).body);
    expect(data).toEqual([
      { slug_name: 'hello', enabled: true },
      { slug_name: 'off-one', enabled: false },
    ]);
  });
});

describe('session endpoints without accounts', () => {
  it('user/info answers data null with no token and with an unknown token', async () => {
    const app = await makeApp();
    for (const headers of [{}, { authorization: 'no-such-token' }, { authorization: 'Bearer no-such-token' }]) {
      const res = await app.inject({ method: 'GET', url: `${V1}/user/info`, headers });
      expect(res.statusCode).toBe(200);
      expect(envelope(res.body)).toMatchObject({ code: 200, reason: 'base.success', data: null });
    }
  });

  it('notification/status and user/logout need a session (401)', async () => {
    const app = await makeApp();
    for (const url of [`${V1}/notification/status`, `${V1}/user/logout`]) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'unknown' } });
      expect(res.statusCode, url).toBe(401);
      expect(envelope(res.body), url).toMatchObject({ code: 401, reason: 'base.unauthorized_error', data: null });
    }
  });
});

describe('session endpoints with a session store', () => {
  it('user/info returns the current user for a valid token (header, Bearer or query)', async () => {
    const { services } = fakeAccounts();
    const app = await makeApp(testConfig(), services);
    for (const request of [
      { url: `${V1}/user/info`, headers: { authorization: 'tok-alice' } },
      { url: `${V1}/user/info`, headers: { authorization: 'Bearer tok-alice' } },
      { url: `${V1}/user/info?Authorization=tok-alice`, headers: {} },
    ]) {
      const { data } = envelope<CurrentUser>((await app.inject({ method: 'GET', ...request })).body);
      expect(Value.Check(CurrentUser, data)).toBe(true);
      expect(data.username).toBe('alice');
    }
  });

  it('notification/status follows the active level: inactive and suspended get 403 with a type', async () => {
    const { services } = fakeAccounts();
    const app = await makeApp(testConfig(), services);
    const get = (token: string) =>
      app.inject({ method: 'GET', url: `${V1}/notification/status`, headers: { authorization: token } });

    const ok = await get('tok-alice');
    expect(ok.statusCode).toBe(200);
    const status = envelope<NotificationStatus>(ok.body).data;
    expect(Value.Check(NotificationStatus, status)).toBe(true);
    expect(status.can_revision).toBe(false);
    expect(envelope<NotificationStatus>((await get('tok-mod')).body).data.can_revision).toBe(true);

    const inactive = await get('tok-inactive');
    expect(inactive.statusCode).toBe(403);
    expect(envelope(inactive.body)).toMatchObject({
      reason: 'error.email.need_to_be_verified',
      data: { type: 'inactive' },
    });
    const suspended = await get('tok-suspended');
    expect(suspended.statusCode).toBe(403);
    expect(envelope(suspended.body)).toMatchObject({ reason: 'error.user.suspended', data: { type: 'suspended' } });
  });

  it('user/logout ends the session: the same token is refused afterwards', async () => {
    const { services, revoke } = fakeAccounts();
    const app = await makeApp(testConfig(), services);
    const logout = await app.inject({
      method: 'GET',
      url: `${V1}/user/logout`,
      headers: { authorization: 'tok-alice' },
    });
    expect(envelope(logout.body)).toMatchObject({ code: 200, data: null });
    expect(revoke).toHaveBeenCalledWith('tok-alice');
    const after = await app.inject({
      method: 'GET',
      url: `${V1}/notification/status`,
      headers: { authorization: 'tok-alice' },
    });
    expect(after.statusCode).toBe(401);
    const info = await app.inject({ method: 'GET', url: `${V1}/user/info`, headers: { authorization: 'tok-alice' } });
    expect(envelope(info.body).data).toBeNull();
  });

  it('a pub route is open unless the site requires login', async () => {
    for (const loginRequired of [false, true]) {
      const app = await makeApp(
        testConfig({ site: { login: { login_required: loginRequired } } }),
        fakeAccounts().services,
      );
      app.get(`${V1}/test/pub`, { config: { auth: 'pub' } }, async () => ({
        code: 200,
        reason: 'base.success',
        msg: '',
        data: null,
      }));
      const anonymous = await app.inject({ method: 'GET', url: `${V1}/test/pub` });
      expect(anonymous.statusCode).toBe(loginRequired ? 401 : 200);
      const inactive = await app.inject({
        method: 'GET',
        url: `${V1}/test/pub`,
        headers: { authorization: 'tok-inactive' },
      });
      expect(inactive.statusCode).toBe(loginRequired ? 403 : 200);
    }
  });

  it('refuses to register an admin API route without the admin level (deny by default)', async () => {
    const app = await makeApp();
    expect(() => app.get('/answer/admin/api/dashboard', async () => null)).toThrow(/admin/);
  });

  it('admin routes need an administrator', async () => {
    const { services } = fakeAccounts();
    const app = await makeApp(testConfig(), services);
    app.get('/answer/admin/api/test', { config: { auth: 'admin' } }, async () => ({
      code: 200,
      reason: 'base.success',
      msg: '',
      data: null,
    }));
    expect((await app.inject({ method: 'GET', url: '/answer/admin/api/test' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/answer/admin/api/test', headers: { authorization: 'tok-mod' } }))
        .statusCode,
    ).toBe(403);
  });
});
