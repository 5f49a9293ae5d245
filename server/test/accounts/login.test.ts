import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AccountsService } from '../../src/modules/accounts/service';
import { SESSION_TTL_MS } from '../../src/modules/accounts/tokens';
import { testDatabases } from '../db/databases';
import { useSite } from '../support/site';
import { ADMIN } from './helpers';

const { available } = await testDatabases();
// Database servers and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const DAY = 24 * 60 * 60 * 1000;

interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

describe.each(available)('login and sessions on $label', (target) => {
  let clock = Date.UTC(2026, 10, 21, 12);
  // Real logins and sessions on the site's clock.
  const site = useSite(target, { sessions: 'real', now: () => clock });
  let app: FastifyInstance;
  let accounts: AccountsService;

  beforeAll(async () => {
    ({ app } = site);
    ({ accounts } = site.services);
    const suspended = await accounts.createUser({
      username: 'sam',
      email: 'sam@example.com',
      password: 'password-sam',
      mailStatus: 1,
    });
    const deleted = await accounts.createUser({
      username: 'dee',
      email: 'dee@example.com',
      password: 'password-dee',
      mailStatus: 1,
    });
    await site.db
      .updateTable('user')
      .set({ status: 9, suspended_until: Date.UTC(2030, 0, 1) })
      .where('id', '=', suspended.id)
      .execute();
    await site.db.updateTable('user').set({ status: 10 }).where('id', '=', deleted.id).execute();
  });
  beforeEach(() => {
    clock = Date.UTC(2026, 10, 21, 12);
  });

  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: body, headers });
  const info = (token?: string) =>
    app.inject({ method: 'GET', url: '/answer/api/v1/user/info', headers: token ? { authorization: token } : {} });
  const logout = (token?: string) =>
    app.inject({ method: 'GET', url: '/answer/api/v1/user/logout', headers: token ? { authorization: token } : {} });

  async function loginAdmin(): Promise<string> {
    const res = await login({ e_mail: ADMIN.email, pass: ADMIN.password });
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<{ access_token: string }>).data.access_token;
  }

  it('logs in by e-mail (any letter case) and stores only the SHA-256 of the token', async () => {
    const res = await login({ e_mail: 'ada@EXAMPLE.com', pass: ADMIN.password, captcha_id: '', captcha_code: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Envelope<Record<string, unknown>>;
    expect(body).toMatchObject({ code: 200, reason: 'base.success' });
    expect(body.data).toMatchObject({
      id: '1',
      username: 'ada-admin',
      e_mail: ADMIN.email,
      role_id: 2,
      status: 'normal',
    });
    expect(body.data.last_login_date).toBe(Math.floor(clock / 1000));
    const token = body.data.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|"pass"/);

    const sessions = await site.db.selectFrom('session').selectAll().execute();
    const mine = sessions.find((s) => s.token_hash === createHash('sha256').update(token).digest('hex'));
    expect(mine).toMatchObject({ user_id: 1, created_at: clock, expires_at: clock + SESSION_TTL_MS, revoked_at: null });
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('answers wrong password, unknown e-mail and deleted account identically (400, field e_mail)', async () => {
    const wrong = await login({ e_mail: ADMIN.email, pass: 'wrong password' });
    const unknown = await login({ e_mail: 'nobody@example.com', pass: 'wrong password' });
    const deleted = await login({ e_mail: 'dee@example.com', pass: 'password-dee' });
    for (const res of [wrong, unknown, deleted]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        reason: 'error.object.email_or_password_incorrect',
        msg: 'The email and password do not match.',
        data: [{ error_field: 'e_mail', error_msg: 'The email and password do not match.' }],
      });
    }
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.body).toBe(deleted.body);
  });

  it.runIf(target.type === 'sqlite3')('takes as long for an unknown e-mail as for a wrong password', async () => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const time = async (email: string, into: number[]) => {
      const start = performance.now();
      await login({ e_mail: email, pass: 'wrong password' });
      into.push(performance.now() - start);
    };
    // The machine is shared: a round disturbed by other processes is measured again (at most 3 rounds).
    // Skipping the hash for an unknown address would make that path several times faster in every round.
    let gap = Infinity;
    let ratio = 0;
    for (let round = 0; round < 3 && (gap >= 20 || ratio <= 0.5); round++) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 31; i++) {
        await time(ADMIN.email, known);
        await time(`nobody${round}-${i}@example.com`, unknown);
      }
      gap = Math.abs(median(known) - median(unknown));
      ratio = median(unknown) / median(known);
    }
    expect(gap).toBeLessThan(20);
    // A real hash was spent on the unknown address too.
    expect(ratio).toBeGreaterThan(0.5);
  });

  it('translates the message for zh_CN', async () => {
    const res = await login({ e_mail: 'nobody@example.com', pass: 'wrong password' }, { 'accept-language': 'zh-CN' });
    const body = res.json() as Envelope;
    expect(body.reason).toBe('error.object.email_or_password_incorrect');
    expect(body.msg).not.toBe('The email and password do not match.');
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a suspended account after checking its password (403 suspended), and creates no session', async () => {
    const before = (await site.db.selectFrom('session').select('token_hash').where('user_id', '!=', 1).execute())
      .length;
    const res = await login({ e_mail: 'sam@example.com', pass: 'password-sam' });
    expect(res.statusCode).toBe(403);
    // When it ends (Unix s), for the login screen's "suspended until {time}" (docs/product-rules.md).
    expect(res.json()).toMatchObject({
      code: 403,
      reason: 'error.user.suspended',
      data: { type: 'suspended', suspended_until: Date.UTC(2030, 0, 1) / 1000 },
    });
    const after = (await site.db.selectFrom('session').select('token_hash').where('user_id', '!=', 1).execute()).length;
    expect(after).toBe(before);
    // With a wrong password the answer is the usual one: the suspension is not revealed.
    expect((await login({ e_mail: 'sam@example.com', pass: 'wrong password' })).statusCode).toBe(400);
  });

  it('validates the body with field errors', async () => {
    const res = await login({ e_mail: 'ada@example.com', pass: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'base.request_format_error', data: [{ error_field: 'pass' }] });
    const bad = await login({ e_mail: 'not-an-address', pass: 'long enough' });
    expect(bad.json()).toMatchObject({ data: [{ error_field: 'e_mail' }] });
  });

  it('user/info: null without or with an unknown token, the admin with a valid one', async () => {
    expect((await info()).json()).toMatchObject({ code: 200, data: null });
    expect((await info('x'.repeat(43))).json()).toMatchObject({ code: 200, data: null });
    expect((await info('garbage')).json()).toMatchObject({ code: 200, data: null });

    const token = await loginAdmin();
    for (const header of [token, `Bearer ${token}`]) {
      const body = (await info(header)).json() as Envelope<Record<string, unknown>>;
      expect(body.data).toMatchObject({
        id: '1',
        username: 'ada-admin',
        display_name: 'Ada Admin',
        e_mail: ADMIN.email,
        role_id: 2,
        is_admin: true,
        status: 'normal',
        mail_status: 1,
        avatar: { type: 'system' },
        have_password: true,
        color_scheme: 'default',
      });
      expect(Object.keys(body.data)).not.toContain('pass');
      // A token sent in the header comes back as access_token (Answer's UI stores it again on each load).
      expect(body.data.access_token).toBe(token);
    }
  });

  it('logout needs a session (401) and revokes the token', async () => {
    expect((await logout()).statusCode).toBe(401);
    expect((await logout()).json()).toMatchObject({ code: 401, reason: 'base.unauthorized_error', data: null });

    const token = await loginAdmin();
    const other = await loginAdmin();
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, reason: 'base.success', data: null });
    expect((await info(token)).json()).toMatchObject({ data: null });
    expect((await logout(token)).statusCode).toBe(401);
    // Only that session ended.
    expect((await info(other)).json()).toMatchObject({ data: { id: '1' } });
  });

  it('ends sessions after 7 days, even one in daily use', async () => {
    const token = await loginAdmin();
    const start = clock;
    // Used once a day (well within the idle timeout) up to the last millisecond of its lifetime.
    while (clock + DAY < start + SESSION_TTL_MS) {
      clock += DAY;
      expect((await info(token)).json()).toMatchObject({ data: { id: '1' } });
    }
    clock = start + SESSION_TTL_MS - 1;
    expect((await info(token)).json()).toMatchObject({ data: { id: '1' } });
    clock += 1;
    expect((await info(token)).json()).toMatchObject({ data: null });
    expect((await logout(token)).statusCode).toBe(401);
  });

  it('ends every session of a user whose password is set, and the new password works', async () => {
    const u = await accounts.createUser({
      username: 'pat',
      email: 'pat@example.com',
      password: 'old-password',
      mailStatus: 1,
    });
    const first = (
      (await login({ e_mail: 'pat@example.com', pass: 'old-password' })).json() as Envelope<{ access_token: string }>
    ).data.access_token;
    await accounts.setPassword(u.id, 'new-password');
    expect((await info(first)).json()).toMatchObject({ data: null });
    expect((await login({ e_mail: 'pat@example.com', pass: 'old-password' })).statusCode).toBe(400);
    expect((await login({ e_mail: 'pat@example.com', pass: 'new-password' })).statusCode).toBe(200);
  });

  it('keeps usernames and e-mails unique by their keys', async () => {
    await expect(
      accounts.createUser({ username: 'ＡＤＡ-admin', email: 'x@example.com', password: null }),
    ).rejects.toMatchObject({
      code: 'username_taken',
    });
    await expect(
      accounts.createUser({ username: 'someone', email: ' ADA@example.COM ', password: null }),
    ).rejects.toMatchObject({
      code: 'email_taken',
    });
  });

  it('gives each of concurrent registrations its own id', async () => {
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        accounts.createUser({ username: `c${i}`, email: `c${i}@example.com`, password: null }),
      ),
    );
    expect(new Set(made.map((u) => u.id)).size).toBe(5);
  });
});
