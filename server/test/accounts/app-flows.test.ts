import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { CaptchaService } from '../../src/modules/captcha/service';
import { Mailer } from '../../src/modules/mail/mailer';
import { testDatabases } from '../db/databases';
import { makeApp, testConfig } from '../helpers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { ADMIN, installedSite, type InstalledSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const API = '/answer/api/v1';
const FIXED = 'AGORA';

interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/**
 * The account flows in the real app (buildApp): real captcha (fixed text), real mail outbox sent to a
 * local SMTP sink, rate limits on. SQLite only (the flows themselves run on every database in
 * register/email-flows/sessions.test.ts).
 */
describe('account flows through buildApp (SQLite)', () => {
  let site: InstalledSite;
  let sink: SmtpSink;
  let accounts: AccountsService;
  let settings: DbSettingsStore;
  let mailer: Mailer;
  const savedEnv = process.env.AGORA_RATE_LIMITS;

  beforeAll(async () => {
    site = await installedSite(sqlite);
    sink = await startSmtpSink();
    accounts = new AccountsService(site.database.db);
    settings = new DbSettingsStore(site.database.db);
    await settings.set('smtp', {
      ...(await settings.get('smtp')),
      from_email: 'noreply@qa.example.com',
      from_name: 'Agora Test',
      smtp_host: sink.host,
      smtp_port: sink.port,
      encryption: '',
    });
    mailer = new Mailer({ db: site.database.db, settings });
  });
  afterAll(async () => {
    await sink?.close();
    await site?.cleanup();
  });
  afterEach(() => {
    if (savedEnv === undefined) delete process.env.AGORA_RATE_LIMITS;
    else process.env.AGORA_RATE_LIMITS = savedEnv;
  });

  async function app(options: { captcha?: boolean; rateLimits?: boolean } = {}): Promise<FastifyInstance> {
    if (options.rateLimits === false) process.env.AGORA_RATE_LIMITS = 'off';
    else delete process.env.AGORA_RATE_LIMITS;
    const captchaOn = options.captcha ?? true;
    return makeApp(
      testConfig({ captcha: { enabled: captchaOn, fixedText: FIXED } }),
      {
        accounts,
        settings,
        sessions: accounts.sessionStore(),
        users: accounts.userStore(),
        captcha: new CaptchaService(site.database.db, { enabled: captchaOn, fixedText: FIXED }),
        mailer,
      },
      { db: site.database.db },
    );
  }

  let address = 0;
  /** Each request from its own client address unless told (the per-address budgets stay out of the way). */
  const nextIp = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  function call(
    a: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    options: { token?: string; ip?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return a.inject({
      method,
      url: path.startsWith('/') ? path : `${API}/${path}`,
      remoteAddress: options.ip ?? nextIp(),
      ...(body !== undefined ? { payload: body as object } : {}),
      headers: options.token ? { authorization: options.token } : {},
    });
  }

  const linkIn = (text: string) => {
    const match = /https:\/\/qa\.example\.com\/users\/[a-z-]+\?code=[A-Za-z0-9_%-]+/.exec(text);
    if (!match) throw new Error(`no link in: ${text}`);
    return new URL(match[0]);
  };

  it('sign-up with the captcha, activation mail through SMTP, activation link logs in', async () => {
    const a = await app();
    const ip = '10.9.0.1';
    const person = { name: 'Linus Mail', e_mail: 'linus.mail@example.com', pass: 'penguins swim fast' };

    // `email` always needs a captcha: none, or a wrong one, is refused.
    const none = await call(a, 'POST', 'user/register/email', person, { ip });
    expect(none.statusCode).toBe(400);
    expect((none.json() as Envelope<Array<{ error_field: string }>>).data[0]?.error_field).toBe('captcha_code');

    const record = (await call(a, 'GET', 'user/action/record?action=email', undefined, { ip })).json() as Envelope<{
      captcha_id: string;
      verify: boolean;
    }>;
    expect(record.data.verify).toBe(true);
    const res = await call(
      a,
      'POST',
      'user/register/email',
      { ...person, captcha_id: record.data.captcha_id, captcha_code: FIXED },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { username: 'linus-mail', mail_status: 2 } });

    await mailer.drain();
    const mail = await sink.waitForMail({ to: person.e_mail }, 10_000);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/users/account-activation');
    const code = link.searchParams.get('code')!;
    expect(res.body).not.toContain(code);

    const verified = await call(a, 'POST', 'user/email/verification', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ data: { mail_status: 1, status: 'normal' } });
    expect((await call(a, 'POST', 'user/email/verification', { code })).statusCode).toBe(403);
  });

  it("sign-up with a member's address: a 200 like any sign-up, the notice by SMTP, and no account", async () => {
    const a = await app({ captcha: false, rateLimits: false });
    const users = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const owner = { name: 'Grace Owner', e_mail: 'grace.owner@example.com', pass: 'a long owner passphrase' };
    expect((await call(a, 'POST', 'user/register/email', owner)).statusCode).toBe(200);
    const before = await users();
    const person = { name: 'Second Grace', e_mail: 'Grace.Owner@example.com', pass: 'another long passphrase' };
    const res = await call(a, 'POST', 'user/register/email', person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { username: 'second-grace', mail_status: 2, status: 'inactive' } });
    expect(await users()).toBe(before);

    await mailer.drain();
    const mail = await sink.waitForMail({ to: owner.e_mail, subject: /tried to sign up/ }, 10_000);
    expect(mail.text).toContain('No new account was opened');
    expect(mail.text).not.toMatch(/code=/);
  });

  it('password reset through SMTP: link works once', async () => {
    const a = await app({ captcha: false });
    const ok = await call(a, 'POST', 'user/password/reset', { e_mail: ADMIN.email.toLowerCase() });
    expect(ok.json()).toMatchObject({ code: 200, data: null });
    await mailer.drain();
    const mail = await sink.waitForMail({ to: ADMIN.email, subject: /./ }, 10_000);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/users/password-reset');
    const code = link.searchParams.get('code')!;
    expect(ok.body).not.toContain(code);
    const body = { code, pass: 'the admin is back' };
    expect((await call(a, 'POST', 'user/password/replacement', body)).statusCode).toBe(200);
    const reuse = await call(a, 'POST', 'user/password/replacement', body);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ reason: 'error.password.reset_url_invalid' });
    await accounts.setPassword(1, ADMIN.password);
  });

  it('limits reset mails: 3 an hour per address, known or not; 10 an hour per client address', async () => {
    const a = await app({ captcha: false });
    for (const e_mail of [ADMIN.email, 'nobody.r2@example.com']) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(a, 'POST', 'user/password/reset', { e_mail }));
      expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers[3]!.statusCode).toBe(429);
      expect(answers[3]!.json()).toMatchObject({ code: 429, reason: 'base.too_many_requests' });
    }
    const ip = '10.200.0.1';
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await call(a, 'POST', 'user/password/reset', { e_mail: `ip.${i}@example.com` }, { ip })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('logout is server-side: the old token gets 401 on user and admin endpoints', async () => {
    const a = await app({ captcha: false });
    const login = await call(a, 'POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
    expect(login.statusCode, login.body).toBe(200);
    const token = (login.json() as Envelope<{ access_token: string }>).data.access_token;
    expect((await call(a, 'GET', 'user/sessions', undefined, { token })).statusCode).toBe(200);
    expect((await call(a, 'GET', '/answer/admin/api/setting/smtp', undefined, { token })).statusCode).toBe(200);
    expect((await call(a, 'GET', 'user/logout', undefined, { token })).statusCode).toBe(200);
    expect((await call(a, 'GET', 'user/sessions', undefined, { token })).statusCode).toBe(401);
    expect((await call(a, 'GET', '/answer/admin/api/setting/smtp', undefined, { token })).statusCode).toBe(401);
    expect(
      (await call(a, 'PUT', 'user/password', { old_pass: ADMIN.password, pass: 'x'.repeat(12) }, { token })).statusCode,
    ).toBe(401);
  });

  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

  /**
   * Times `a` and `b` interleaved, `runs` each, and returns the difference of the medians (ms). The
   * machine is shared: a round disturbed by other processes is measured again (at most 3 rounds);
   * a path that skipped the password hash would be ~50 ms faster in every round.
   */
  async function medianGap(
    runs: number,
    a: (i: number) => Promise<LightMyRequestResponse>,
    b: (i: number) => Promise<LightMyRequestResponse>,
    check: (ra: LightMyRequestResponse, rb: LightMyRequestResponse) => void,
  ): Promise<number> {
    let best = Infinity;
    for (let round = 0; round < 3 && best >= 20; round++) {
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < runs; i++) {
        const n = round * runs + i;
        let start = performance.now();
        const ra = await a(n);
        ta.push(performance.now() - start);
        start = performance.now();
        const rb = await b(n);
        tb.push(performance.now() - start);
        check(ra, rb);
      }
      best = Math.min(best, Math.abs(median(ta) - median(tb)));
    }
    return best;
  }

  it('no enumeration by timing: login and reset take as long for unknown addresses (median of 50)', async () => {
    const a = await app({ captcha: false, rateLimits: false });
    const sameBody = (ra: LightMyRequestResponse, rb: LightMyRequestResponse) => expect(ra.body).toBe(rb.body);
    const login = await medianGap(
      50,
      () => call(a, 'POST', 'user/login/email', { e_mail: ADMIN.email, pass: 'wrong password' }),
      (i) => call(a, 'POST', 'user/login/email', { e_mail: `nobody${i}@example.com`, pass: 'wrong password' }),
      sameBody,
    );
    expect(login).toBeLessThan(20);
    const reset = await medianGap(
      50,
      () => call(a, 'POST', 'user/password/reset', { e_mail: ADMIN.email }),
      (i) => call(a, 'POST', 'user/password/reset', { e_mail: `nobody${i}@example.com` }),
      sameBody,
    );
    expect(reset).toBeLessThan(20);
  });

  it('sign-up with a taken address costs the same time as a new one', async () => {
    const a = await app({ captcha: false, rateLimits: false });
    const pass = 'some long passphrase';
    const gap = await medianGap(
      25,
      (i) => call(a, 'POST', 'user/register/email', { name: `Timing ${i}`, e_mail: `timing.${i}@example.com`, pass }),
      (i) => call(a, 'POST', 'user/register/email', { name: `Other ${i}`, e_mail: ADMIN.email, pass }),
      (fresh, taken) => {
        expect(fresh.statusCode).toBe(200);
        expect(taken.statusCode).toBe(200);
      },
    );
    expect(gap).toBeLessThan(20);
  });
});
