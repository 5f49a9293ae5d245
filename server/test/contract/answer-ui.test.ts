import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { contractSite, V1, type ContractSite } from './helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const { available } = await testDatabases();

/** The calls Answer's own UI (v2) makes on every load, against our server. */
describe.each(available)("what Answer's UI needs on every page, on $label", (target) => {
  let s: ContractSite;
  beforeAll(async () => {
    s = await contractSite(target, { questions: 3, config: { captcha: { enabled: true, fixedText: 'K7MX' } } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const login = async () => {
    const response = await s.call<{ access_token: string }>({
      method: 'POST',
      url: '/user/login/email',
      payload: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
    expect(response.status).toBe(200);
    const cookie = String(response.response.headers['set-cookie']).split(';')[0]!;
    return { token: response.body.data.access_token, cookie };
  };

  describe('GET user/info', () => {
    it('echoes the token the client sent in the Authorization header as access_token', async () => {
      const { token } = await login();
      const info = await s.call<{ id: string; access_token?: string }>({ method: 'GET', url: '/user/info', token });
      expect(info.body.data).toMatchObject({ id: '1', access_token: token });
      const bearer = await s.call<{ access_token?: string }>({
        method: 'GET',
        url: '/user/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bearer.body.data.access_token).toBe(token);
    });

    it("never hands the HttpOnly cookie's token to a request that did not send it in the header", async () => {
      const { token, cookie } = await login();
      expect(cookie).toContain(token);
      const byCookie = await s.call<Record<string, unknown>>({ method: 'GET', url: '/user/info', headers: { cookie } });
      expect(byCookie.body.data).toMatchObject({ id: '1' });
      expect(byCookie.body.data).not.toHaveProperty('access_token');
      expect(byCookie.response.body).not.toContain(token);
      // Header and a different cookie: only the header's token comes back.
      const other = await login();
      const both = await s.call<{ access_token?: string }>({
        method: 'GET',
        url: '/user/info',
        headers: { cookie },
        token: other.token,
      });
      expect(both.body.data.access_token).toBe(other.token);
      expect(both.response.body).not.toContain(token);
    });

    it('answers null, with no token, for an unknown or logged-out token', async () => {
      const unknown = await s.call({ method: 'GET', url: '/user/info', token: 'f'.repeat(64) });
      expect(unknown.body.data).toBeNull();
    });
  });

  describe('GET /custom.css', () => {
    it("answers the site's custom CSS as text/css, empty when there is none", async () => {
      const none = await s.app.inject({ method: 'GET', url: '/custom.css' });
      expect(none.statusCode).toBe(200);
      expect(none.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(none.body).toBe('');
      const settings = s.opened.services!.settings;
      const group = await settings.get('custom_css_html');
      await settings.set!('custom_css_html', { ...group, custom_css: 'body { --brand: #0a7; }' });
      const some = await s.app.inject({ method: 'GET', url: '/custom.css' });
      expect(some.statusCode).toBe(200);
      expect(some.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(some.body).toBe('body { --brand: #0a7; }');
      await settings.set!('custom_css_html', group);
    });
  });

  describe('plugin features the site does not have', () => {
    it('user-center/agent and connector/info answer "off" to anyone', async () => {
      const agent = await s.call({ method: 'GET', url: '/user-center/agent' });
      expect(agent.status).toBe(200);
      expect(agent.body).toMatchObject({ code: 200, reason: 'base.success', data: { enabled: false } });
      const connectors = await s.call({ method: 'GET', url: '/connector/info' });
      expect(connectors.status).toBe(200);
      expect(connectors.body).toMatchObject({ code: 200, data: [] });
    });

    it('connector/user/info and user/plugin/configs answer [] to a member and 401 to a visitor', async () => {
      const { token } = await login();
      for (const url of ['/connector/user/info', '/user/plugin/configs']) {
        const member = await s.call({ method: 'GET', url, token });
        expect(member.status, url).toBe(200);
        expect(member.body).toMatchObject({ code: 200, reason: 'base.success', data: [] });
        const visitor = await s.call({ method: 'GET', url });
        expect(visitor.status, url).toBe(401);
        expect(visitor.body).toMatchObject({ code: 401, reason: 'base.unauthorized_error', data: null });
      }
    });
  });

  describe('GET user/register/captcha', () => {
    it('hands a visitor a fresh captcha that registration then accepts once', async () => {
      const first = await s.call<{ captcha_id: string; captcha_img: string; verify: boolean }>({
        method: 'GET',
        url: '/user/register/captcha',
      });
      expect(first.status).toBe(200);
      expect(first.body.data.verify).toBe(true);
      expect(first.body.data.captcha_id).toMatch(/^[0-9a-f]{32}$/);
      expect(first.body.data.captcha_img).toMatch(/^data:image\/png;base64,/);
      const second = await s.call<{ captcha_id: string }>({ method: 'GET', url: '/user/register/captcha' });
      expect(second.body.data.captcha_id).not.toBe(first.body.data.captcha_id);

      const register = (captcha_id: string, captcha_code: string, e_mail: string) =>
        s.call({
          method: 'POST',
          url: '/user/register/email',
          payload: { name: 'Newcomer', e_mail, pass: 'a long new secret', captcha_id, captcha_code },
        });
      const wrong = await register(second.body.data.captcha_id, 'WXYZ', 'wrong@example.com');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ reason: 'error.object.captcha_verification_failed' });
      expect(wrong.body.data).toMatchObject([{ error_field: 'captcha_code' }]);
      const right = await register(first.body.data.captcha_id, 'k7mx', 'newcomer@example.com');
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      const reused = await register(first.body.data.captcha_id, 'K7MX', 'again@example.com');
      expect(reused.status).toBe(400);
      expect(reused.body.data).toMatchObject([{ error_field: 'captcha_code' }]);
    });

    it('asks no captcha of an administrator', async () => {
      const { token } = await login();
      const staff = await s.call({ method: 'GET', url: '/user/register/captcha', token });
      expect(staff.body.data).toEqual({ captcha_id: '', captcha_img: '', verify: false });
    });
  });

  it('every one of these routes is served under the API prefix (no JSON 404)', async () => {
    for (const url of ['/user-center/agent', '/connector/info', '/user/register/captcha']) {
      const response = await s.app.inject({ method: 'GET', url: `${V1}${url}` });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('GET user/register/captcha with the captcha switched off', () => {
  it('says no captcha is needed', async () => {
    const s = await contractSite(available[0]!, {
      questions: 1,
      config: { captcha: { enabled: false, fixedText: null } },
    });
    try {
      const response = await s.call({ method: 'GET', url: '/user/register/captcha' });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ captcha_id: '', captcha_img: '', verify: false });
    } finally {
      await s.close();
    }
  });
});
