import { describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { testDatabases } from '../db/databases';
import { useSite } from '../support/site';
import { ADMIN } from './helpers';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

/**
 * The database-backed stores as the site wires them (createServices: sessions, users, settings): the
 * app's own auth levels and user routes run on real accounts and real logins.
 */
describe('accounts plugged into buildApp (SQLite)', () => {
  const site = useSite(sqlite, { sessions: 'real' });

  it('serves settings from site_info and resolves sessions for auth levels', async () => {
    const { app } = site;
    const siteinfo = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect(siteinfo.json()).toMatchObject({
      data: { general: { name: 'Agora Test', site_url: 'https://qa.example.com' } },
    });

    const outcome = await site.services.accounts.loginWithEmail(ADMIN.email, ADMIN.password);
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

  // The store itself (a unit of its own): a fresh instance on the same database sees what another wrote.
  it('DbSettingsStore reads seeded groups over the defaults and writes them back', async () => {
    const settings = new DbSettingsStore(site.db);
    expect(await settings.get('interface')).toMatchObject({ language: 'en_US', time_zone: 'UTC' });
    const theme = await settings.get('theme');
    expect(theme.theme_config.default?.primary_color).toBe('#0033FF');
    await settings.set('interface', { language: 'zh_CN', time_zone: 'Asia/Shanghai' });
    expect(await new DbSettingsStore(site.db).get('interface')).toEqual({
      language: 'zh_CN',
      time_zone: 'Asia/Shanghai',
    });
  });
});
