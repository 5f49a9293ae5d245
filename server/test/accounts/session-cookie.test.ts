import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_TTL_MS } from '../../src/modules/accounts/tokens';
import { testDatabases } from '../db/databases';
import { siteApp, testConfig } from '../helpers';
import { ADMIN, BASE_INFO, installedSite, type InstalledSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const V1 = '/answer/api/v1';

function setCookieOf(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

function sessionCookie(response: LightMyRequestResponse): { name: string; value: string; attributes: string } | null {
  for (const line of setCookieOf(response)) {
    const [pair = '', ...rest] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    if (name.endsWith('agora_session')) return { name, value: pair.slice(index + 1), attributes: rest.join(';') };
  }
  return null;
}

/**
 * Cookie flags and fixation, idle and absolute lifetime, server-side logout, and CSRF protection
 * (cookie-authenticated writes need the app's header and no foreign Origin), through buildApp.
 */
describe('the session cookie (SQLite)', () => {
  let site: InstalledSite;
  let accounts: AccountsService;
  let clock = Date.UTC(2026, 10, 21, 12);
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;

  beforeAll(async () => {
    // The stored site URL is http://; the second app's config file names an https:// one (which wins).
    site = await installedSite(sqlite, { ...BASE_INFO, site_url: 'http://localhost:9080/' });
    accounts = new AccountsService(site.database.db, { now: () => clock });
    const overrides = { accounts, settings: new DbSettingsStore(site.database.db) };
    ({ app } = await siteApp(site.database.db, testConfig({ siteUrl: 'http://localhost:9080' }), overrides));
    const https = 'https://qa.example.com';
    ({ app: httpsApp } = await siteApp(
      site.database.db,
      testConfig({ siteUrl: https, fileSiteUrl: https }),
      overrides,
    ));
  });
  afterAll(async () => {
    await app?.close();
    await httpsApp?.close();
    await site?.cleanup();
  });
  beforeEach(() => {
    clock = Date.UTC(2026, 10, 21, 12);
  });

  const login = (target = app) =>
    target.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
  const infoWithCookie = (cookie: string, target = app) =>
    target.inject({ method: 'GET', url: `${V1}/user/info`, headers: { cookie } });

  it('login sets an HttpOnly, SameSite=Lax, Path=/ cookie that authenticates the next requests', async () => {
    const response = await login();
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).not.toBeNull();
    expect(cookie!.name).toBe('agora_session');
    expect(cookie!.attributes).toMatch(/HttpOnly/);
    expect(cookie!.attributes).toMatch(/SameSite=Lax/);
    expect(cookie!.attributes).toMatch(/Path=\//);
    expect(cookie!.attributes).not.toMatch(/Domain=/i);
    // The cookie carries the same session as the contract's access_token.
    expect(cookie!.value).toBe(response.json().data.access_token);
    const info = await infoWithCookie(`agora_session=${cookie!.value}`);
    expect(info.json().data).toMatchObject({ id: '1', role_id: 2 });
  });

  it('over HTTPS the cookie is Secure with the __Host- prefix', async () => {
    const cookie = sessionCookie(await login(httpsApp));
    expect(cookie!.name).toBe('__Host-agora_session');
    expect(cookie!.attributes).toMatch(/Secure/);
    expect((await infoWithCookie(`__Host-agora_session=${cookie!.value}`, httpsApp)).json().data).toMatchObject({
      id: '1',
    });
  });

  it('a new login gets a new cookie value; logout revokes it on the server and clears it', async () => {
    const first = sessionCookie(await login())!.value;
    const second = sessionCookie(await login())!.value;
    expect(second).not.toBe(first);

    const out = await app.inject({
      method: 'GET',
      url: `${V1}/user/logout`,
      headers: { cookie: `agora_session=${second}`, 'x-agora-request': '1' },
    });
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)?.value).toBe('');
    expect(sessionCookie(out)?.attributes).toMatch(/Max-Age=0/);
    // Replaying the old cookie (or the same token as a header) after logout: nobody, on user and admin routes.
    expect((await infoWithCookie(`agora_session=${second}`)).json().data).toBeNull();
    const status = await app.inject({
      method: 'GET',
      url: `${V1}/notification/status`,
      headers: { authorization: second },
    });
    expect(status.statusCode).toBe(401);
    const admin = await app.inject({
      method: 'GET',
      url: '/answer/admin/api/setting/smtp',
      headers: { cookie: `agora_session=${second}` },
    });
    expect([401, 404]).toContain(admin.statusCode);
    // The other login is untouched.
    expect((await infoWithCookie(`agora_session=${first}`)).json().data).toMatchObject({ id: '1' });
  });

  it('a cookie-authenticated write needs the app header and no foreign Origin (CSRF)', async () => {
    const token = sessionCookie(await login())!.value;
    const write = (headers: Record<string, string>) =>
      app.inject({
        method: 'PUT',
        url: `${V1}/notification/status`,
        payload: { type: 'inbox' },
        headers: { cookie: `agora_session=${token}`, host: 'localhost:9080', ...headers },
      });
    const forged = await write({});
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ reason: 'base.csrf_failed' });
    const foreign = await write({ 'x-agora-request': '1', origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    // From the app: header present, same origin (or no Origin at all). Not refused as CSRF.
    const own = await write({ 'x-agora-request': '1', origin: 'http://localhost:9080' });
    expect(own.json().reason).not.toBe('base.csrf_failed');
    // An API client sending the token as a header is not a browser riding a cookie: no CSRF check.
    const client = await app.inject({
      method: 'PUT',
      url: `${V1}/notification/status`,
      payload: { type: 'inbox' },
      headers: { authorization: token, origin: 'http://evil.example' },
    });
    expect(client.json().reason).not.toBe('base.csrf_failed');
  });

  it('the CSRF check compares the whole Origin with the site URL, behind a proxy or straight to the port', async () => {
    const token = sessionCookie(await login(httpsApp))!.value;
    const write = (host: string, origin: string, target = httpsApp, cookie = `__Host-agora_session=${token}`) =>
      target.inject({
        method: 'PUT',
        url: `${V1}/notification/status`,
        payload: { type: 'inbox' },
        headers: { cookie, host, origin, 'x-agora-request': '1' },
      });
    const refused = async (response: Promise<LightMyRequestResponse>) =>
      (await response).json().reason === 'base.csrf_failed';
    // A proxy that keeps Host: the site's own origin passes; its http:// twin, another port or site do not.
    expect(await refused(write('qa.example.com', 'https://qa.example.com'))).toBe(false);
    expect(await refused(write('qa.example.com', 'http://qa.example.com'))).toBe(true);
    expect(await refused(write('qa.example.com', 'https://qa.example.com:8443'))).toBe(true);
    expect(await refused(write('qa.example.com', 'https://evil.example'))).toBe(true);
    expect(await refused(write('qa.example.com', 'null'))).toBe(true);
    // A proxy that rewrites Host to the server's own address: the browser's Origin is still the site's.
    expect(await refused(write('127.0.0.1:9080', 'https://qa.example.com'))).toBe(false);
    expect(await refused(write('127.0.0.1:9080', 'https://evil.example'))).toBe(true);
    expect(await refused(write('127.0.0.1:9080', 'http://evil.example'))).toBe(true);
    // Straight to the port (development, tests): a page of that very address.
    expect(await refused(write('127.0.0.1:9080', 'http://127.0.0.1:9080'))).toBe(false);
    // An http:// site reached at its URL: the scheme counts there too.
    const plain = sessionCookie(await login())!.value;
    const direct = (origin: string) => write('localhost:9080', origin, app, `agora_session=${plain}`);
    expect(await refused(direct('http://localhost:9080'))).toBe(false);
    expect(await refused(direct('https://localhost:9080'))).toBe(true);
    expect(await refused(direct('http://localhost:9081'))).toBe(true);
  });

  it('an idle session ends after the idle timeout; an active one at the absolute lifetime', async () => {
    const idle = sessionCookie(await login())!.value;
    const active = sessionCookie(await login())!.value;
    const step = SESSION_IDLE_TIMEOUT_MS / 2;
    // Keep `active` in use every half idle period; leave `idle` alone.
    clock += step;
    expect((await infoWithCookie(`agora_session=${active}`)).json().data).not.toBeNull();
    clock += step + 60_000;
    expect((await infoWithCookie(`agora_session=${idle}`)).json().data).toBeNull();
    while (clock + step < Date.UTC(2026, 10, 21, 12) + SESSION_TTL_MS) {
      expect((await infoWithCookie(`agora_session=${active}`)).json().data).not.toBeNull();
      clock += step;
    }
    clock = Date.UTC(2026, 10, 21, 12) + SESSION_TTL_MS + 1;
    expect((await infoWithCookie(`agora_session=${active}`)).json().data).toBeNull();
  });
});
