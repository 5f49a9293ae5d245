import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELAY_MS, DEFAULT_RATE_LIMITS } from '../../src/plugins/rate-limit-rules';
import { testDatabases } from '../db/databases';
import { ADMIN } from '../accounts/helpers';
import { dropPrefixes, newPrefix, probeRedis, REDIS_URL } from '../guards/redis';
import { abuseSite, V1, type AbuseSite } from './site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const redisDown = await probeRedis();
if (redisDown) console.warn(`SKIPPED: Redis unreachable at ${REDIS_URL} (${redisDown}): the Redis runs of the limits`);

const FIXED = 'AGORA';
/** Where the counters live: the site's database (no Redis, the default), or Redis. */
const STORES = redisDown ? (['database'] as const) : (['database', 'redis'] as const);

let address = 0;
/** A client address of its own for each call that does not name one. */
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  options: { ip?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${V1}/${path}`,
    remoteAddress: options.ip ?? nextIp(),
    ...(body ? { payload: body } : {}),
    headers: options.token ? { authorization: options.token } : {},
  });
}

describe.each(available.flatMap((target) => STORES.map((store) => ({ target, store, label: target.label }))))(
  'abuse limits shared by two processes and kept over a restart ($label, counters in $store)',
  ({ target, store }) => {
    let site: AbuseSite;
    const saved = { url: process.env.AGORA_REDIS_URL, prefix: process.env.AGORA_REDIS_PREFIX };

    beforeAll(async () => {
      site = await abuseSite(target, { captcha: { enabled: true, fixedText: FIXED } });
    });
    afterAll(async () => {
      await site?.cleanup();
      if (store === 'redis') await dropPrefixes();
    });
    afterEach(() => {
      for (const [name, value] of [
        ['AGORA_REDIS_URL', saved.url],
        ['AGORA_REDIS_PREFIX', saved.prefix],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    /** Two processes of one site (same database; same Redis and prefix in the Redis run) and a restart. */
    async function processes(options: { captcha?: boolean } = {}) {
      if (store === 'redis') {
        process.env.AGORA_REDIS_URL = REDIS_URL;
        process.env.AGORA_REDIS_PREFIX = newPrefix();
      }
      const config = options.captcha === false ? { captcha: { enabled: false, fixedText: null } } : {};
      return { a: await site.app({}, config), b: await site.app({}, config), restart: () => site.app({}, config) };
    }

    it('password guesses from one address: 10 over both processes, then 429, still after a restart', async () => {
      const { a, b, restart } = await processes();
      const ip = nextIp();
      const email = `nobody-${store}-${address}@example.com`;
      const { max } = DEFAULT_RATE_LIMITS.loginPerIpAccount;
      for (let i = 0; i < max; i++) {
        const r = await call(
          i % 2 ? b : a,
          'POST',
          'user/login/email',
          { e_mail: email, pass: 'wrong password' },
          { ip },
        );
        // Past the third failure the address needs a captcha: the guess is refused either way, and counts.
        expect([400], r.body).toContain(r.statusCode);
      }
      const refused = await call(b, 'POST', 'user/login/email', { e_mail: email, pass: 'wrong password' }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const later = await restart();
      expect(
        (await call(later, 'POST', 'user/login/email', { e_mail: email, pass: 'x'.repeat(10) }, { ip })).statusCode,
      ).toBe(429);
    });

    it('sign-up mails count towards the per-address mail limit, over both processes', async () => {
      const { a, b } = await processes({ captcha: false });
      const email = `mailbomb-${store}-${address}@example.com`;
      const { max } = DEFAULT_RATE_LIMITS.mailPerAccount;
      for (let i = 0; i < max; i++) {
        const r =
          i === 0
            ? await call(a, 'POST', 'user/register/email', {
                name: `Bomb ${store} ${address}`,
                e_mail: email,
                pass: 'a fine passphrase',
              })
            : await call(i % 2 ? b : a, 'POST', 'user/password/reset', { e_mail: email });
        expect(r.statusCode, r.body).toBe(200);
      }
      // A sign-up with the same address (any case) is one mail too many.
      const again = await call(b, 'POST', 'user/register/email', {
        name: `Bomb two ${address}`,
        e_mail: email.toUpperCase(),
        pass: 'a fine passphrase',
      });
      expect(again.statusCode, again.body).toBe(429);
    });

    it('search: a per-address limit with Retry-After, captcha off, over both processes and a restart', async () => {
      const { a, b, restart } = await processes({ captcha: false });
      const ip = nextIp();
      const { max } = DEFAULT_RATE_LIMITS.searchPerIp;
      for (let i = 0; i < max; i++) {
        const r = await call(i % 2 ? b : a, 'GET', `search?q=word${i}`, undefined, { ip });
        expect(r.statusCode, r.body).toBe(200);
      }
      const refused = await call(a, 'GET', 'search?q=more', undefined, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, reason: 'base.too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(await restart(), 'GET', 'search?q=restart', undefined, { ip })).statusCode).toBe(429);
      // Another address searches freely.
      expect((await call(b, 'GET', 'search?q=other')).statusCode).toBe(200);
    });

    it('the duplicate-post guard holds over both processes', async () => {
      const { a, b } = await processes({ captcha: false });
      const login = await call(a, 'POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
      const token = (login.json() as { data: { access_token: string } }).data.access_token;
      const body = {
        title: `A question asked twice on ${store} ${address}`,
        content: 'The same body sent to two processes of the site, one right after the other.',
        tags: [{ slug_name: 'dup-guard' }],
      };
      const first = await call(a, 'POST', 'question', body, { token });
      expect(first.statusCode, first.body).toBe(200);
      const second = await call(b, 'POST', 'question', body, { token });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ reason: 'base.duplicate_request_error' });
    });

    it('a flood of wrong passwords from many addresses does not lock the owner out: a captcha, then in', async () => {
      const { a, b } = await processes();
      const flood = DEFAULT_RATE_LIMITS.loginPerAccount.max * 2 + 1;
      for (let i = 0; i < flood; i++) {
        const r = await call(i % 2 ? b : a, 'POST', 'user/login/email', {
          e_mail: ADMIN.email,
          pass: `wrong guess ${i}`,
        });
        expect(r.statusCode).not.toBe(200);
      }
      // The owner, from an address of their own: no 429; the account asks for a captcha first.
      const ip = nextIp();
      const first = await call(a, 'POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, { ip });
      expect(first.statusCode, first.body).toBe(400);
      expect(first.json()).toMatchObject({ reason: 'error.object.captcha_verification_failed' });
      // The login form asks for the captcha of `password` and now gets one.
      const record = await call(b, 'GET', 'user/action/record?action=password', undefined, { ip });
      const { captcha_id, verify } = (record.json() as { data: { captcha_id: string; verify: boolean } }).data;
      expect(verify).toBe(true);
      const inside = await call(
        b,
        'POST',
        'user/login/email',
        { e_mail: ADMIN.email, pass: ADMIN.password, captcha_id, captcha_code: FIXED },
        { ip },
      );
      expect(inside.statusCode, inside.body).toBe(200);
    });

    it('with captchas off, the owner of an account under attack gets in after a delay', async () => {
      const { a, b } = await processes({ captcha: false });
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.loginPerAccount.max; i++) {
        const r = await call(i % 2 ? b : a, 'POST', 'user/login/email', {
          e_mail: ADMIN.email,
          pass: `wrong guess ${i}`,
        });
        expect(r.json()).toMatchObject({ reason: 'error.object.email_or_password_incorrect' });
      }
      const started = Date.now();
      const owner = await call(a, 'POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
      expect(owner.statusCode, owner.body).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_DELAY_MS - 50);
    });
  },
);
