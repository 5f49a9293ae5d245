import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { ADMIN } from '../accounts/helpers';
import { abuseSite, sessionCookieOf, V1, type AbuseSite } from './site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Logout is a state change reached by GET (the contract keeps the GET): with the session cookie it needs
 * the app's header and no foreign Origin, like every other cookie-authenticated write, and HEAD never
 * ends a session. A cross-site link, image or navigation sends the cookie (SameSite=Lax allows top-level
 * GETs) but cannot add the header.
 */
describe.each(available)('logout needs the CSRF proof ($label)', (target) => {
  let site: AbuseSite;
  let app: FastifyInstance;

  beforeAll(async () => {
    site = await abuseSite(target);
    app = await site.app();
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  async function login(): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: `${V1}/user/login/email`,
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response.headers['set-cookie'])!;
  }
  const loggedIn = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: `${V1}/user/info`, headers: { cookie } })).json().data !== null;
  const logout = (method: 'GET' | 'HEAD', headers: Record<string, string>) =>
    app.inject({ method, url: `${V1}/user/logout`, headers: { host: 'localhost:9080', ...headers } });

  it('a cross-site GET (navigation or <img>: the cookie, no app header) leaves the member logged in', async () => {
    const cookie = await login();
    const forged = await logout('GET', { cookie, referer: 'https://evil.example/' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 403, reason: 'base.csrf_failed' });
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(await loggedIn(cookie)).toBe(true);
  });

  it('the app header with a foreign Origin is refused too', async () => {
    const cookie = await login();
    const forged = await logout('GET', { cookie, 'x-agora-request': '1', origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(await loggedIn(cookie)).toBe(true);
  });

  it('HEAD does nothing, with or without the header', async () => {
    const cookie = await login();
    const bare = await logout('HEAD', { cookie });
    const withHeader = await logout('HEAD', { cookie, 'x-agora-request': '1' });
    expect(bare.statusCode).toBeGreaterThanOrEqual(400);
    expect(withHeader.statusCode).toBeGreaterThanOrEqual(400);
    expect(await loggedIn(cookie)).toBe(true);
  });

  it("the app's own logout (header, same origin) ends the session and clears the cookie", async () => {
    const cookie = await login();
    const out = await logout('GET', { cookie, 'x-agora-request': '1', origin: 'http://localhost:9080' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(await loggedIn(cookie)).toBe(false);
  });

  it("a client holding the token (Authorization header, as Answer's UI) logs out with a plain GET", async () => {
    const cookie = await login();
    const token = cookie.split('=')[1]!;
    expect((await logout('GET', { authorization: token })).statusCode).toBe(200);
    expect(await loggedIn(cookie)).toBe(false);
  });
});
