import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { ADMIN, installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { makeApp, testConfig } from '../helpers';
import { call, expectTooMany, limitedApp, repeat, TOKENS } from './helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const REDIS_URL = process.env.AGORA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const THING = '/answer/api/v1/test/thing';

/** Whether a Redis answers PING at REDIS_URL (2 s at most). */
async function probeRedis(): Promise<string | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (cause ?? (error as Error)).message;
  } finally {
    client.disconnect();
  }
}

const unreachable = await probeRedis();
if (unreachable)
  console.warn(`SKIPPED: Redis unreachable at ${REDIS_URL} (${unreachable}): shared-counter tests not run`);
else console.info(`Redis covered: ${REDIS_URL}`);

/** Every test gets its own key prefix and deletes its keys afterwards. */
const prefixes: string[] = [];
const newPrefix = () => {
  const prefix = `agora-test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
};

const apps: FastifyInstance[] = [];
const clients: Redis[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  if (unreachable) return;
  const admin = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
  }
  admin.disconnect();
  for (const client of clients) client.disconnect();
});

async function sharedApp(prefix: string, limits: Parameters<typeof limitedApp>[0] = {}) {
  const app = await limitedApp({ redis: REDIS_URL, redisPrefix: prefix, ...limits });
  apps.push(app);
  return app;
}

describe.skipIf(unreachable !== null)('counters in Redis (AGORA_REDIS_URL)', () => {
  it('are shared by two app instances', async () => {
    const prefix = newPrefix();
    const limits = { limits: { writesPerUser: { max: 6, windowMs: 60_000 } } };
    const [a, b] = [await sharedApp(prefix, limits), await sharedApp(prefix, limits)];
    const statuses = await repeat(6, (i) => call(i % 2 ? a : b, 'POST', THING, { token: TOKENS.alice }));
    expect(statuses).toEqual(Array(6).fill(200));
    // Both instances refuse the seventh: the count lives in Redis, not in either process.
    expectTooMany(await call(a, 'POST', THING, { token: TOKENS.alice }), 60);
    expectTooMany(await call(b, 'POST', THING, { token: TOKENS.alice }), 60);
    expect((await call(b, 'POST', THING, { token: TOKENS.bob })).statusCode).toBe(200);
    // An instance with another prefix (another site on the same Redis) has counters of its own.
    const other = await sharedApp(newPrefix(), limits);
    expect((await call(other, 'POST', THING, { token: TOKENS.alice })).statusCode).toBe(200);
  });

  it('end with their window (Redis expires the key)', async () => {
    const prefix = newPrefix();
    const app = await sharedApp(prefix, { limits: { writesPerUser: { max: 2, windowMs: 1_000 } } });
    expect(await repeat(2, () => call(app, 'POST', THING))).toEqual([200, 200]);
    expectTooMany(await call(app, 'POST', THING), 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await call(app, 'POST', THING)).statusCode).toBe(200);
  });

  it('hold while Redis is away (counted in the process), and are shared again when it returns', async () => {
    const prefix = newPrefix();
    const client = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    clients.push(client);
    await new Promise((resolve) => client.once('ready', resolve));
    const app = await limitedApp({
      redis: client,
      redisPrefix: prefix,
      limits: { writesPerUser: { max: 3, windowMs: 60_000 } },
    });
    apps.push(app);
    expect((await call(app, 'POST', THING)).statusCode).toBe(200);
    expect(await client.get(`${prefix}writesPerUser:ip:127.0.0.1`)).toBe('1');

    // Redis gone: no 5xx, and the limit still applies in this process. The connection is only
    // closed once ioredis says 'end' (connect() before that finds it still connected).
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.disconnect();
    await ended;
    expect(await repeat(3, () => call(app, 'POST', THING))).toEqual([200, 200, 200]);
    expectTooMany(await call(app, 'POST', THING), 60);

    await client.connect();
    // Redis again: its count (1) is the shared truth once more.
    expect(await repeat(2, () => call(app, 'POST', THING))).toEqual([200, 200]);
    expectTooMany(await call(app, 'POST', THING), 60);
    expect(await client.get(`${prefix}writesPerUser:ip:127.0.0.1`)).toBe('4');
  });
});

describe.skipIf(unreachable !== null)('two buildApp instances on one site, AGORA_REDIS_URL set', () => {
  let site: InstalledSite;
  beforeAll(async () => {
    const { available } = await testDatabases();
    site = await installedSite(available.find((d) => d.type === 'sqlite3')!);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('share the login failure count', async () => {
    vi.stubEnv('AGORA_REDIS_URL', REDIS_URL);
    vi.stubEnv('AGORA_REDIS_PREFIX', newPrefix());
    const accounts = new AccountsService(site.database.db);
    const services = {
      accounts,
      sessions: accounts.sessionStore(),
      users: accounts.userStore(),
      settings: new DbSettingsStore(site.database.db),
    };
    const [a, b] = [
      await makeApp(testConfig(), services, { db: site.database.db }),
      await makeApp(testConfig(), services, { db: site.database.db }),
    ];
    const login = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/answer/api/v1/user/login/email',
        remoteAddress: '192.0.2.50',
        payload: { e_mail: ADMIN.email, pass: password },
      });
    const statuses = await repeat(10, (i) => login(i % 2 ? a : b, `wrong password ${i}`));
    expect(statuses).toEqual(Array(10).fill(400));
    expectTooMany(await login(a, ADMIN.password), 900);
    expectTooMany(await login(b, ADMIN.password), 900);
  });
});

describe('an unreachable Redis', () => {
  it('does not stop the app: limits are counted in the process', async () => {
    const started = Date.now();
    const app = await limitedApp({
      redis: 'redis://127.0.0.1:1',
      redisPrefix: 'agora-test:nowhere:',
      limits: { writesPerUser: { max: 3, windowMs: 60_000 } },
    });
    apps.push(app);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await repeat(3, () => call(app, 'POST', THING))).toEqual([200, 200, 200]);
    expectTooMany(await call(app, 'POST', THING), 60);
  });
});
