import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { HSTS } from '../../src/plugins/security';
import { testDatabases } from '../db/databases';
import { siteApp, testConfig } from '../helpers';
import { ADMIN, BASE_INFO, installedSite, type InstalledSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const V1 = '/answer/api/v1';
const HTTP_URL = 'http://localhost:9080';
const HTTPS_URL = 'https://qa.example.com';

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** name -> the whole Set-Cookie line, for the session cookies a response sets or clears. */
function sessionCookies(response: LightMyRequestResponse): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of setCookies(response)) {
    const name = line.slice(0, line.indexOf('='));
    if (name.endsWith('agora_session')) found.set(name, line);
  }
  return found;
}

const valueOf = (line: string | undefined) => line?.slice(line.indexOf('=') + 1).split(';')[0];

/**
 * Whether the site is HTTPS follows the live general.site_url (what the installer and the admin area
 * save), not only the config file: Secure + __Host- cookie + HSTS, and only the cookie of the site's
 * scheme is read. A change in the admin area counts from the next request, without a restart.
 */
describe.each(available)('the session cookie follows the live site URL on $label', (target) => {
  let site: InstalledSite;
  let app: FastifyInstance;
  let adminToken: string;

  beforeAll(async () => {
    // Installed through the installer with an http:// URL; the config file names no siteUrl.
    site = await installedSite(target, { ...BASE_INFO, site_url: `${HTTP_URL}/` });
    ({ app } = await siteApp(site.database.db, testConfig({ siteUrl: HTTP_URL }), {
      settings: new DbSettingsStore(site.database.db),
    }));
    adminToken = (await login()).json().data.access_token;
  });
  afterAll(async () => {
    await app?.close();
    await site?.cleanup();
  });

  const login = (cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const whoIs = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: `${V1}/user/info`, headers: { cookie } })).json().data as {
      id: string;
    } | null;
  const setSiteUrl = async (siteUrl: string) => {
    const general = (
      await app.inject({
        method: 'GET',
        url: '/answer/admin/api/siteinfo/general',
        headers: { authorization: adminToken },
      })
    ).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: '/answer/admin/api/siteinfo/general',
      headers: { authorization: adminToken },
      payload: { ...general, site_url: siteUrl },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('an http:// site: plain cookie, no Secure, no HSTS; a __Host- cookie is not read', async () => {
    const response = await login();
    const cookies = sessionCookies(response);
    expect([...cookies.keys()]).toEqual(['agora_session']);
    expect(cookies.get('agora_session')).not.toMatch(/Secure/);
    expect(response.headers).not.toHaveProperty('strict-transport-security');
    const token = valueOf(cookies.get('agora_session'))!;
    expect(await whoIs(`agora_session=${token}`)).toMatchObject({ id: '1' });
    expect(await whoIs(`__Host-agora_session=${token}`)).toBeNull();
  });

  it('after the admin area switches site_url to https://: Secure __Host- cookie and HSTS, no restart', async () => {
    const before = valueOf(sessionCookies(await login()).get('agora_session'))!;
    await setSiteUrl(`${HTTPS_URL}/`);
    try {
      // A browser still holding the http:// cookie logs in again; the login drops the old cookie.
      const response = await login(`agora_session=${before}`);
      const cookies = sessionCookies(response);
      const secure = cookies.get('__Host-agora_session');
      expect(secure).toMatch(/; Secure/);
      expect(secure).toMatch(/HttpOnly/);
      expect(secure).toMatch(/Path=\//);
      expect(secure).not.toMatch(/Domain=/i);
      expect(cookies.get('agora_session')).toMatch(/^agora_session=; .*Max-Age=0/);
      expect(response.headers['strict-transport-security']).toBe(HSTS);
      const siteinfo = await app.inject({ method: 'GET', url: `${V1}/siteinfo` });
      expect(siteinfo.headers['strict-transport-security']).toBe(HSTS);

      const token = valueOf(secure)!;
      expect(await whoIs(`__Host-agora_session=${token}`)).toMatchObject({ id: '1' });
      // The plain cookie is no longer read on an https:// site, not even a valid token in it (planted by a
      // sibling subdomain or over plain HTTP): members logged in before the switch log in again.
      expect(await whoIs(`agora_session=${before}`)).toBeNull();
      expect(await whoIs(`agora_session=${token}`)).toBeNull();
      // When both are sent, the __Host- one counts.
      expect(await whoIs(`agora_session=${before}; __Host-agora_session=${token}`)).toMatchObject({ id: '1' });
      const planted = await app.inject({
        method: 'PUT',
        url: `${V1}/notification/status`,
        payload: { type: 'inbox' },
        headers: { cookie: `agora_session=${token}`, 'x-agora-request': '1', origin: HTTPS_URL },
      });
      expect(planted.statusCode).toBe(401);

      // Logout clears the cookie it read and the stale plain one the browser sent along.
      const out = await app.inject({
        method: 'GET',
        url: `${V1}/user/logout`,
        headers: { cookie: `agora_session=${before}; __Host-agora_session=${token}`, 'x-agora-request': '1' },
      });
      expect(out.statusCode).toBe(200);
      const cleared = sessionCookies(out);
      expect(cleared.get('__Host-agora_session')).toMatch(/^__Host-agora_session=; .*Max-Age=0.*; Secure/);
      expect(cleared.get('agora_session')).toMatch(/^agora_session=; .*Max-Age=0/);
      expect(await whoIs(`__Host-agora_session=${token}`)).toBeNull();
    } finally {
      await setSiteUrl(`${HTTP_URL}/`);
    }
    // Back on http://: the plain cookie again, and no HSTS.
    const again = await login();
    expect([...sessionCookies(again).keys()]).toEqual(['agora_session']);
    expect(again.headers).not.toHaveProperty('strict-transport-security');
  });

  it("the config file's https:// siteUrl still makes the site HTTPS, and disagreeing is logged at start", async () => {
    const lines: string[] = [];
    const { app: pinned } = await siteApp(
      site.database.db,
      testConfig({ siteUrl: HTTPS_URL, fileSiteUrl: HTTPS_URL, logLevel: 'warn' }),
      { settings: new DbSettingsStore(site.database.db) },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      await pinned.ready();
      expect(lines.join('\n')).toMatch(/siteUrl and the site URL of the admin area differ in scheme/);
      const response = await pinned.inject({
        method: 'POST',
        url: `${V1}/user/login/email`,
        payload: { e_mail: ADMIN.email, pass: ADMIN.password },
      });
      expect([...sessionCookies(response).keys()]).toEqual(['__Host-agora_session']);
      expect(response.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await pinned.close();
    }
  });
});
