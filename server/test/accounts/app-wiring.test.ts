import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { testDatabases } from '../db/databases';
import { makeApp, testConfig } from '../helpers';
import { ADMIN, installedSite, type InstalledSite } from './helpers';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

/**
 * The database-backed stores plug into buildApp's services (sessions, users, settings): the app's
 * own auth levels and user routes then run on real accounts. The login route comes from accountsRoutes.
 */
describe('accounts plugged into buildApp (SQLite)', () => {
  let site: InstalledSite;
  beforeAll(async () => {
    site = await installedSite(sqlite);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('serves settings from site_info and resolves sessions for auth levels', async () => {
    const accounts = new AccountsService(site.database.db);
    const settings = new DbSettingsStore(site.database.db);
    const app = await makeApp(
      testConfig(),
      {
        sessions: accounts.sessionStore(),
        users: accounts.userStore(),
        settings,
      },
      { db: site.database.db },
    );
    const siteinfo = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect(siteinfo.json()).toMatchObject({
      data: { general: { name: 'Agora Test', site_url: 'https://qa.example.com' } },
    });

    const outcome = await accounts.loginWithEmail(ADMIN.email, ADMIN.password);
    if (outcome.kind !== 'ok') throw new Error('login failed');
    const auth = { authorization: outcome.token };
    expect((await app.inject({ method: 'GET', url: '/answer/api/v1/user/info', headers: auth })).json()).toMatchObject({
      data: { id: '1', role_id: 2, avatar: { type: 'system' } },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/answer/api/v1/notification/status', headers: auth })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/answer/api/v1/user/logout', headers: auth })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/answer/api/v1/notification/status', headers: auth })).statusCode,
    ).toBe(401);
  });

  it('DbSettingsStore reads seeded groups over the defaults and writes them back', async () => {
    const settings = new DbSettingsStore(site.database.db);
    expect(await settings.get('interface')).toMatchObject({ language: 'en_US', time_zone: 'UTC' });
    const theme = await settings.get('theme');
    expect(theme.theme_config.default?.primary_color).toBe('#0033FF');
    await settings.set('interface', { language: 'zh_CN', time_zone: 'Asia/Shanghai' });
    expect(await new DbSettingsStore(site.database.db).get('interface')).toEqual({
      language: 'zh_CN',
      time_zone: 'Asia/Shanghai',
    });
  });
});
