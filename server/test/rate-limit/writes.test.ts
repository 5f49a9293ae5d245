import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/plugins/rate-limit-rules';
import { makeApp, testConfig } from '../helpers';
import { call, expectTooMany, fakeSessions, limitedApp, repeat, TOKENS } from './helpers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

/** A bare app with the rate-limit plugin, on a clock the test moves. */
async function appWithClock(options: Parameters<typeof limitedApp>[0] = {}) {
  const clock = { now: Date.UTC(2026, 10, 21, 12) };
  const app = await limitedApp({ now: () => clock.now, ...options });
  apps.push(app);
  return { app, clock };
}

const WRITES = DEFAULT_RATE_LIMITS.writesPerUser;
const THING = '/answer/api/v1/test/thing';

describe('the write budget', () => {
  it(`lets ${WRITES.max} writes a minute through, then answers 429 with the envelope and Retry-After`, async () => {
    const { app } = await appWithClock();
    const statuses = await repeat(WRITES.max, (i) =>
      call(app, (['POST', 'PUT', 'DELETE'] as const)[i % 3] ?? 'POST', THING),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await call(app, 'POST', THING);
    expectTooMany(refused, 60);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(WRITES.max));
    expect(refused.headers['cache-control']).toBe('no-store');
    // The msg follows Accept-Language.
    expectTooMany(await call(app, 'PUT', THING, { headers: { 'accept-language': 'zh-CN' } }), 60, 'zh_CN');
  });

  it('never limits reads', async () => {
    const { app } = await appWithClock();
    await repeat(WRITES.max + 1, () => call(app, 'POST', THING));
    const reads = await repeat(200, () => call(app, 'GET', THING));
    expect(new Set(reads)).toEqual(new Set([200]));
  });

  it('counts per user when logged in and per client address when anonymous', async () => {
    const { app } = await appWithClock();
    expect(new Set(await repeat(WRITES.max, () => call(app, 'POST', THING, { token: TOKENS.alice })))).toEqual(
      new Set([200]),
    );
    expectTooMany(await call(app, 'POST', THING, { token: TOKENS.alice }), 60);
    // Alice from another address is still Alice.
    expectTooMany(await call(app, 'POST', THING, { token: TOKENS.alice, ip: '198.51.100.7' }), 60);
    // Bob, and anonymous requests from Alice's address, have budgets of their own.
    expect((await call(app, 'POST', THING, { token: TOKENS.bob })).statusCode).toBe(200);
    expect((await call(app, 'POST', THING)).statusCode).toBe(200);

    // Anonymous: one budget per address; X-Forwarded-For does not change the address (trustProxy is off).
    const forged = await repeat(WRITES.max, (i) =>
      call(app, 'POST', THING, { ip: '203.0.113.5', headers: { 'x-forwarded-for': `10.0.${i}.1` } }),
    );
    expect(new Set(forged)).toEqual(new Set([200]));
    expectTooMany(
      await call(app, 'POST', THING, { ip: '203.0.113.5', headers: { 'x-forwarded-for': '10.9.9.9' } }),
      60,
    );
    expect((await call(app, 'POST', THING, { ip: '203.0.113.6' })).statusCode).toBe(200);
  });

  it('treats an IPv6 /64 as one client address', async () => {
    const { app } = await appWithClock({ limits: { writesPerUser: { max: 2, windowMs: 60_000 } } });
    expect((await call(app, 'POST', THING, { ip: '2001:db8:1:2::1' })).statusCode).toBe(200);
    expect((await call(app, 'POST', THING, { ip: '2001:db8:1:2:ffff::9' })).statusCode).toBe(200);
    expectTooMany(await call(app, 'POST', THING, { ip: '2001:db8:1:2::abcd' }), 60);
    expect((await call(app, 'POST', THING, { ip: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('covers the admin API too', async () => {
    const { app } = await appWithClock();
    const url = '/answer/admin/api/test/thing';
    expect(new Set(await repeat(WRITES.max, () => call(app, 'POST', url, { token: TOKENS.admin })))).toEqual(
      new Set([200]),
    );
    expectTooMany(await call(app, 'POST', url, { token: TOKENS.admin }), 60);
    // The budget is the user's, whichever API the writes went to.
    expectTooMany(await call(app, 'POST', THING, { token: TOKENS.admin }), 60);
  });

  it('opens again when the window ends, and Retry-After says when', async () => {
    const { app, clock } = await appWithClock();
    await repeat(WRITES.max, () => call(app, 'POST', THING));
    clock.now += 45_000;
    const retryAfter = expectTooMany(await call(app, 'POST', THING), 60);
    expect(retryAfter).toBe(15);
    clock.now += 14_000;
    expectTooMany(await call(app, 'POST', THING), 1);
    clock.now += 1_000;
    expect((await call(app, 'POST', THING)).statusCode).toBe(200);
    expect(new Set(await repeat(WRITES.max - 1, () => call(app, 'POST', THING)))).toEqual(new Set([200]));
    expectTooMany(await call(app, 'POST', THING), 60);
  });

  it('is off with AGORA_RATE_LIMITS=off', async () => {
    const app = await limitedApp({ env: { AGORA_RATE_LIMITS: 'off' } });
    apps.push(app);
    expect(new Set(await repeat(WRITES.max * 2, () => call(app, 'POST', THING)))).toEqual(new Set([200]));
  });
});

describe('content, mail and password routes', () => {
  it('allows 10 posts a minute per user, on top of the write budget', async () => {
    const { app, clock } = await appWithClock();
    const max = DEFAULT_RATE_LIMITS.contentPerUser.max;
    const posts = await repeat(max, (i) =>
      call(app, 'POST', i % 2 ? '/answer/api/v1/question' : '/answer/api/v1/comment', { token: TOKENS.alice }),
    );
    expect(new Set(posts)).toEqual(new Set([200]));
    expectTooMany(await call(app, 'POST', '/answer/api/v1/question', { token: TOKENS.alice }), 60);
    // Other writes of Alice, and Bob's posts, go on.
    expect((await call(app, 'POST', THING, { token: TOKENS.alice })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/answer/api/v1/comment', { token: TOKENS.bob })).statusCode).toBe(200);
    clock.now += 60_000;
    expect((await call(app, 'POST', '/answer/api/v1/question', { token: TOKENS.alice })).statusCode).toBe(200);
  });

  it('sends at most 3 reset mails an hour per address and 10 per client address', async () => {
    const { app, clock } = await appWithClock();
    const reset = (email: string, ip = '127.0.0.1') =>
      call(app, 'POST', '/answer/api/v1/user/password/reset', { body: { e_mail: email }, ip });
    expect(await repeat(3, () => reset('Victim@Example.com'))).toEqual([200, 200, 200]);
    // The address is compared as the login compares it (case, NFKC).
    expectTooMany(await reset('victim@example.com '), 3600);
    expectTooMany(await reset('victim@example.com', '198.51.100.1'), 3600);
    // Per client address: 10 an hour, whatever the addresses asked for (the refused one above counted too).
    expect(await repeat(6, (i) => reset(`user${i}@example.com`))).toEqual([200, 200, 200, 200, 200, 200]);
    expectTooMany(await reset('someone@example.com'), 3600);
    // Verification resends count per user.
    const send = (token: string) =>
      call(app, 'POST', '/answer/api/v1/user/email/verification/send', { token, ip: '192.0.2.1' });
    expect(await repeat(3, () => send(TOKENS.bob))).toEqual([200, 200, 200]);
    expectTooMany(await send(TOKENS.bob), 3600);
    clock.now += 3_600_000;
    expect((await reset('victim@example.com')).statusCode).toBe(200);
    expect((await send(TOKENS.bob)).statusCode).toBe(200);
  });

  it('sign-ups send mail: the 11th an hour from one client address is refused', async () => {
    const { app } = await appWithClock();
    const register = (i: number, ip = '127.0.0.1') =>
      call(app, 'POST', '/answer/api/v1/user/register/email', { body: { e_mail: `new${i}@example.com` }, ip });
    expect(await repeat(10, (i) => register(i))).toEqual(Array(10).fill(200));
    expectTooMany(await register(10), 3600);
    expect((await register(99, '192.0.2.44')).statusCode).toBe(200);
    // Other writes from that address are not authentication: they go on.
    expect((await call(app, 'POST', THING)).statusCode).toBe(200);
  });

  it('counts password-change attempts per user and forgives them when one succeeds', async () => {
    const { app } = await appWithClock();
    const change = (oldPass: string, token: string = TOKENS.alice, ip?: string) =>
      call(app, 'PUT', '/answer/api/v1/user/password', {
        token,
        body: { old_pass: oldPass, pass: 'new-password' },
        ...(ip ? { ip } : {}),
      });
    expect(await repeat(9, () => change('wrong'))).toEqual(Array(9).fill(400));
    expect((await change('right')).statusCode).toBe(200);
    // The success cleared the count: ten more wrong guesses, then the eleventh is refused.
    expect(await repeat(10, () => change('wrong'))).toEqual(Array(10).fill(400));
    expectTooMany(await change('right'), 900);
    // Bob is not Alice.
    expect((await change('right', TOKENS.bob)).statusCode).toBe(200);
  });
});

describe('in the app', () => {
  it('buildApp registers the limits on the public API', async () => {
    const app = await makeApp(testConfig(), { sessions: fakeSessions });
    app.post('/answer/api/v1/test/wired', { config: { auth: 'none' } }, async () => ({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: null,
    }));
    const statuses = await repeat(WRITES.max + 1, () => call(app, 'POST', '/answer/api/v1/test/wired'));
    expect(statuses.slice(0, WRITES.max)).toEqual(Array(WRITES.max).fill(200));
    expectTooMany(await call(app, 'POST', '/answer/api/v1/test/wired'), 60);
    // Pages and files are not API writes.
    expect((await call(app, 'GET', '/healthz')).statusCode).toBe(200);
  });

  it('logs one line per limit and client while it refuses, not one per request', async () => {
    const lines: string[] = [];
    const app = await makeApp(
      testConfig({ logLevel: 'info' }),
      { sessions: fakeSessions },
      { logStream: { write: (line) => lines.push(line) } },
    );
    app.post('/answer/api/v1/test/wired', { config: { auth: 'none' } }, async () => ({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: null,
    }));
    await repeat(WRITES.max + 50, () => call(app, 'POST', '/answer/api/v1/test/wired'));
    await repeat(5, () => call(app, 'POST', '/answer/api/v1/test/wired', { ip: '192.0.2.8', token: TOKENS.bob }));
    const reached = lines
      .map((line) => JSON.parse(line) as { msg: string; limit?: string })
      .filter((l) => l.msg === 'rate limit reached');
    expect(reached).toHaveLength(1);
    expect(reached[0]).toMatchObject({ limit: 'writesPerUser', level: 40 });
  });
});
