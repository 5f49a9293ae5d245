import type { SiteInfo } from '@agora/shared-api/contract';
import type { SiteSettings } from '../../src/modules/settings/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, put } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const OPEN: SiteSettings['login'] = {
  allow_new_registrations: true,
  allow_email_registrations: true,
  allow_password_login: true,
  login_required: false,
  allow_email_domains: [],
  require_email_verification: true,
};

let n = 0;
describe.each(available)('login settings and their effects on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });
  beforeEach(async () => {
    expect((await put(s, '/siteinfo/login', OPEN)).status).toBe(200);
  });

  const login = (change: Partial<SiteSettings['login']>) =>
    put<SiteSettings['login']>(s, '/siteinfo/login', { ...OPEN, ...change });
  const register = (email?: string) => {
    n += 1;
    return s.call<{ mail_status: number; e_mail: string }>({
      method: 'POST',
      url: '/user/register/email',
      payload: { name: `newcomer${n}`, e_mail: email ?? `newcomer${n}@example.com`, pass: 'a long pass 1' },
    });
  };

  it('allowed domains: cleaned (lower case, no @, no duplicates) and enforced at sign-up', async () => {
    const saved = await login({ allow_email_domains: [' Example.COM ', '@example.com', 'corp.example.org', ''] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.allow_email_domains).toEqual(['example.com', 'corp.example.org']);
    const refused = await register(`x${n}@other.net`);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ error_field: 'e_mail', error_msg: expect.any(String) }]);
    expect((await register(`y${n}@corp.example.org`)).status).toBe(200);
    await expectRefused(
      s,
      '/siteinfo/login',
      OPEN,
      { allow_email_domains: ['example.com', 'not a domain'] },
      'allow_email_domains',
      /not a domain/,
    );
    await expectRefused(s, '/siteinfo/login', OPEN, { allow_email_domains: ['localhost'] }, 'allow_email_domains');
  });

  it('registrations off, or e-mail registrations off: the register route refuses', async () => {
    expect((await register()).status).toBe(200);
    await login({ allow_new_registrations: false });
    const closed = await register();
    expect(closed.status).toBe(400);
    expect(closed.body.reason).toBe('error.user.not_allowed_registration');
    await login({ allow_email_registrations: false });
    expect((await register()).body.reason).toBe('error.user.not_allowed_registration');
  });

  it('password login off: logging in by password is refused', async () => {
    const payload = { e_mail: 'Ada@Example.com', pass: 'correct horse 1' };
    expect((await s.call({ method: 'POST', url: '/user/login/email', payload })).status).toBe(200);
    await login({ allow_password_login: false });
    const refused = await s.call({ method: 'POST', url: '/user/login/email', payload });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.user.not_allowed_login_via_password');
  });

  it('e-mail verification off: a new member is active at once', async () => {
    expect((await register()).body.data.mail_status).toBe(2);
    await login({ require_email_verification: false });
    expect((await register()).body.data.mail_status).toBe(1);
  });

  it('private site: anonymous API reads get 401, robots.txt disallows all, siteinfo says so', async () => {
    expect((await s.call({ method: 'GET', url: '/question/page' })).status).toBe(200);
    const saved = await login({ login_required: true });
    expect(saved.body.data.login_required).toBe(true);
    const refused = await s.call({ method: 'GET', url: '/question/page' });
    expect(refused.status).toBe(401);
    expect(refused.body.reason).toBe('base.unauthorized_error');
    expect((await s.call({ method: 'GET', url: '/question/page', as: 'alice' })).status).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
    const info = (await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' })).body.data;
    expect(info.login.login_required).toBe(true);
    expect(info.site_security?.login_required).toBe(true);
    // The security screen's copy of the switch turns it off again.
    const security = await put(s, '/siteinfo/security', {
      login_required: false,
      external_content_display: 'ask_before_display',
      check_update: true,
    });
    expect(security.status).toBe(200);
    expect((await s.call({ method: 'GET', url: '/question/page' })).status).toBe(200);
  });
});
