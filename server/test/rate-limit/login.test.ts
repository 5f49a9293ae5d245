import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { ACCOUNT_DELAY_MS } from '../../src/plugins/rate-limit-rules';
import { useSite } from '../support/site';
import { expectTooMany, repeat } from './helpers';

const { available } = await testDatabases();
// argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const USERS = {
  ann: { email: 'ann@example.com', password: 'password-of-ann' },
  ben: { email: 'ben@example.com', password: 'password-of-ben' },
  cat: { email: 'cat@example.com', password: 'password-of-cat' },
};

/** The real login route (accounts on SQLite) inside buildApp, as server.ts wires it. */
describe('login limits on the real login route', () => {
  // Real sessions and the config's limits; each test's app counts its own, as a fresh process would.
  const site = useSite(sqlite, { sessions: 'real', rateLimits: true });

  beforeAll(async () => {
    for (const [name, user] of Object.entries(USERS)) {
      await site.services.accounts.createUser({
        username: name,
        email: user.email,
        password: user.password,
        mailStatus: 1,
      });
    }
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const app = (): Promise<FastifyInstance> => site.secondApp();

  const login = (
    server: FastifyInstance,
    email: string,
    password: string,
    ip = '127.0.0.1',
    headers: Record<string, string> = {},
  ) =>
    server.inject({
      method: 'POST',
      url: '/answer/api/v1/user/login/email',
      remoteAddress: ip,
      headers,
      payload: { e_mail: email, pass: password },
    });

  it('refuses the 11th failed login for an account within 15 minutes, whatever X-Forwarded-For says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 21, 12));
    const server = await app();
    const statuses = await repeat(40, (i) =>
      login(server, i % 2 ? ADMIN.email : ADMIN.email.toUpperCase(), `wrong password ${i}`, '127.0.0.1', {
        'x-forwarded-for': `198.51.100.${i}`,
      }),
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));

    // The right password is refused too until the window ends.
    vi.setSystemTime(Date.now() + 14 * 60_000);
    const refused = await login(server, ADMIN.email, ADMIN.password);
    const retryAfter = expectTooMany(refused, 60);
    expect(retryAfter).toBeLessThanOrEqual(60);
    vi.setSystemTime(Date.now() + retryAfter * 1000);
    const ok = await login(server, ADMIN.email, ADMIN.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.access_token).toMatch(/^[\w-]{43}$/);
  });

  it('does not count successful logins against the account', async () => {
    const server = await app();
    const statuses = await repeat(15, () => login(server, USERS.ann.email, USERS.ann.password, '192.0.2.10'));
    expect(statuses).toEqual(Array(15).fill(200));
    // Nine failures, a success, then ten more failures are still allowed: the success forgave the nine.
    expect(await repeat(9, () => login(server, USERS.ann.email, 'not her password', '192.0.2.10'))).toEqual(
      Array(9).fill(400),
    );
    expect((await login(server, USERS.ann.email, USERS.ann.password, '192.0.2.10')).statusCode).toBe(200);
    expect(await repeat(10, () => login(server, USERS.ann.email, 'not her password', '192.0.2.11'))).toEqual(
      Array(10).fill(400),
    );
  });

  it('counts failures per account and address: other accounts, and the owner elsewhere, still log in', async () => {
    const server = await app();
    expect(await repeat(10, () => login(server, USERS.ben.email, 'a wrong guess', '203.0.113.1'))).toEqual(
      Array(10).fill(400),
    );
    expectTooMany(await login(server, USERS.ben.email, USERS.ben.password, '203.0.113.1'), 900);
    // Another account from the same address.
    expect((await login(server, USERS.ann.email, USERS.ann.password, '203.0.113.1')).statusCode).toBe(200);
    // The same account from another address.
    expect((await login(server, USERS.ben.email, USERS.ben.password, '203.0.113.2')).statusCode).toBe(200);
  });

  it('never locks an account over all addresses: past 10 failures its logins wait (captchas off here)', async () => {
    const server = await app();
    expect(await repeat(10, () => login(server, USERS.cat.email, 'a wrong guess', '203.0.113.21'))).toEqual(
      Array(10).fill(400),
    );
    expect(await repeat(10, () => login(server, USERS.cat.email, 'a wrong guess', '203.0.113.22'))).toEqual(
      Array(10).fill(400),
    );
    // A third address with the right password: not refused (its owner must get in), but slowed down.
    const started = Date.now();
    expect((await login(server, USERS.cat.email, USERS.cat.password, '203.0.113.23')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_DELAY_MS - 50);
  });

  it('refuses the 31st authentication request a minute from one address, whichever accounts it names', async () => {
    const server = await app();
    const statuses = await repeat(31, (i) => login(server, `nobody${i}@example.com`, 'whatever pass', '192.0.2.99'));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expectTooMany(await login(server, USERS.ann.email, USERS.ann.password, '192.0.2.99'), 60);
  });
});
