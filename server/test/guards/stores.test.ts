import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DuplicateGuard, guardCounters, ViewCounter } from '../../src/modules/question/guards';
import { MemoryCounters, RedisCounters } from '../../src/plugins/rate-limit-store';
import { dropPrefixes, newPrefix, probeRedis, REDIS_URL } from './redis';

vi.setConfig({ testTimeout: 30_000 });

const MINUTE = 60_000;
const KEY = DuplicateGuard.key(11, 'POST /question', { title: 'How do I reset my password?', content: 'It fails.' });

describe('DuplicateGuard in the process (the default)', () => {
  it('keys are md5(user_id:route:JSON(body))', () => {
    expect(DuplicateGuard.key(11, 'POST /comment', { a: 1 })).toBe('a54d29a1d9f880f8a24b2977478e8890');
    expect(DuplicateGuard.key(11, 'POST /comment', { a: 2 })).not.toBe(
      DuplicateGuard.key(11, 'POST /comment', { a: 1 }),
    );
    expect(DuplicateGuard.key(12, 'POST /comment', { a: 1 })).not.toBe(
      DuplicateGuard.key(11, 'POST /comment', { a: 1 }),
    );
  });

  it('refuses the same key within 5 minutes, and takes it again once they are over', async () => {
    const clock = { now: 1_000_000 };
    const guard = new DuplicateGuard({ now: () => clock.now });
    expect(await guard.take(KEY)).toBe(true);
    clock.now += 5 * MINUTE - 1;
    expect(await guard.take(KEY)).toBe(false);
    expect(await guard.take('another key')).toBe(true);
    clock.now += 1;
    expect(await guard.take(KEY)).toBe(true);
    expect(await guard.take(KEY)).toBe(false);
  });

  it('a refused repeat does not make the wait longer', async () => {
    const clock = { now: 0 };
    const guard = new DuplicateGuard({ now: () => clock.now });
    await guard.take(KEY);
    clock.now = 4 * MINUTE;
    expect(await guard.take(KEY)).toBe(false);
    clock.now = 5 * MINUTE;
    expect(await guard.take(KEY)).toBe(true);
  });

  it('release gives the key back (a failed post may be sent again at once)', async () => {
    const guard = new DuplicateGuard();
    expect(await guard.take(KEY)).toBe(true);
    await guard.release(KEY);
    expect(await guard.take(KEY)).toBe(true);
    expect(await guard.take(KEY)).toBe(false);
  });

  it('lets exactly one of simultaneous takes of a key through', async () => {
    const guard = new DuplicateGuard();
    const taken = await Promise.all(Array.from({ length: 5 }, () => guard.take(KEY)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('guards of one store see each other (the store is what is shared)', async () => {
    const counters = new MemoryCounters();
    const [a, b] = [new DuplicateGuard({ counters }), new DuplicateGuard({ counters })];
    expect(await a.take(KEY)).toBe(true);
    expect(await b.take(KEY)).toBe(false);
    await b.release(KEY);
    expect(await a.take(KEY)).toBe(true);
  });
});

describe('ViewCounter in the process (the default)', () => {
  it('counts a view once per viewer and question per hour', async () => {
    const clock = { now: 5_000_000 };
    const views = new ViewCounter({ now: () => clock.now });
    expect(await views.counts('u:12', '10010000000000001')).toBe(true);
    expect(await views.counts('u:12', '10010000000000001')).toBe(false);
    expect(await views.counts('ip:10.0.0.2', '10010000000000001')).toBe(true);
    expect(await views.counts('u:12', '10010000000000002')).toBe(true);
    clock.now += 60 * MINUTE - 1;
    expect(await views.counts('u:12', '10010000000000001')).toBe(false);
    clock.now += 1;
    expect(await views.counts('u:12', '10010000000000001')).toBe(true);
  });

  it('keys name neither the viewer nor the question in clear', () => {
    const key = ViewCounter.key('ip:203.0.113.7', '10010000000000001');
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain('203.0.113');
    expect(ViewCounter.key('ip:203.0.113.7', '10010000000000002')).not.toBe(key);
  });
});

describe('guardCounters', () => {
  it('keeps the guards in the process, apart from the rate limits, unless those are in Redis', async () => {
    expect(guardCounters(null, 'test')).toBeInstanceOf(MemoryCounters);
    expect(guardCounters(undefined, 'test')).toBeInstanceOf(MemoryCounters);
    // A flood of views must not fill (or evict keys from) the rate limits' own counters.
    const limits = new MemoryCounters();
    const store = guardCounters(limits, 'test');
    expect(store).not.toBe(limits);
    await new ViewCounter({ counters: store }).counts('ip:198.51.100.1', '1');
    expect(limits.size).toBe(0);
  });

  it('uses the Redis client and prefix of the rate limits, with an in-process fallback of its own', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    const limitsFallback = new MemoryCounters();
    const limits = new RedisCounters(redis, { prefix: 'agora-test:never:', fallback: limitsFallback });
    const store = guardCounters(limits, 'test');
    expect(store).toBeInstanceOf(RedisCounters);
    expect(store).not.toBe(limits);
    // The client never connected: the guard counts in its own fallback, not in the rate limits'.
    const guard = new DuplicateGuard({ counters: store });
    expect(await guard.take(KEY)).toBe(true);
    expect(await guard.take(KEY)).toBe(false);
    expect(limitsFallback.size).toBe(0);
    redis.disconnect();
  });
});

const unreachable = await probeRedis();
if (unreachable)
  console.warn(`SKIPPED: Redis unreachable at ${REDIS_URL} (${unreachable}): guard stores in Redis not run`);
else console.info(`Redis covered: ${REDIS_URL}`);

describe.skipIf(unreachable !== null)('the guards over Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await dropPrefixes();
  });

  async function client(): Promise<Redis> {
    const redis = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    clients.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    return redis;
  }
  const shared = (redis: Redis, prefix: string) =>
    guardCounters(new RedisCounters(redis, { prefix, fallback: new MemoryCounters() }), 'test');

  it('share taken keys between processes (two clients), under the site prefix, with no body in the key', async () => {
    const prefix = newPrefix();
    const [one, two] = [await client(), await client()];
    const [a, b] = [
      new DuplicateGuard({ counters: shared(one, prefix) }),
      new DuplicateGuard({ counters: shared(two, prefix) }),
    ];
    expect(await a.take(KEY)).toBe(true);
    expect(await b.take(KEY)).toBe(false);
    const keys = await one.keys(`${prefix}*`);
    expect(keys).toEqual([`${prefix}dup:${KEY}`]);
    expect(keys.join()).not.toMatch(/password/i);
    const ttl = await one.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(4 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(5 * MINUTE);

    // Given back by one process: the other may take it at once.
    await a.release(KEY);
    expect(await one.exists(`${prefix}dup:${KEY}`)).toBe(0);
    expect(await b.take(KEY)).toBe(true);

    // Another site (prefix) on the same Redis has keys of its own.
    expect(await new DuplicateGuard({ counters: shared(one, newPrefix()) }).take(KEY)).toBe(true);
  });

  it('let exactly one of simultaneous takes from two processes through', async () => {
    const prefix = newPrefix();
    const guards = [await client(), await client()].map(
      (redis) => new DuplicateGuard({ counters: shared(redis, prefix) }),
    );
    const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => guards[i % 2]!.take(KEY)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('end with their window (Redis expires the key)', async () => {
    const prefix = newPrefix();
    const redis = await client();
    const guard = new DuplicateGuard({ counters: shared(redis, prefix), windowMs: 300 });
    expect(await guard.take(KEY)).toBe(true);
    expect(await guard.take(KEY)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await guard.take(KEY)).toBe(true);
  });

  it('count a view once over two processes, with hashed keys', async () => {
    const prefix = newPrefix();
    const [one, two] = [await client(), await client()];
    const [a, b] = [
      new ViewCounter({ counters: shared(one, prefix) }),
      new ViewCounter({ counters: shared(two, prefix) }),
    ];
    expect(await a.counts('ip:203.0.113.7', '10010000000000001')).toBe(true);
    expect(await b.counts('ip:203.0.113.7', '10010000000000001')).toBe(false);
    expect(await b.counts('ip:203.0.113.8', '10010000000000001')).toBe(true);
    const keys = await one.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^${prefix}view:[\\w-]{22}$`));
      expect(key).not.toContain('203.0.113');
    }
    expect(await one.pttl(keys[0]!)).toBeGreaterThan(59 * MINUTE);
  });

  it('keep working in the process while Redis is away, and share again when it is back', async () => {
    const prefix = newPrefix();
    const redis = await client();
    const other = await client();
    const guard = new DuplicateGuard({ counters: shared(redis, prefix) });
    const views = new ViewCounter({ counters: shared(redis, prefix) });
    expect(await guard.take(KEY)).toBe(true);

    // ioredis has closed the connection only once it says 'end' (connect() before that finds it open).
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
    // Away: Redis's key is out of reach, so the process decides alone, and still refuses its own repeats.
    expect(await guard.take(KEY)).toBe(true);
    expect(await guard.take(KEY)).toBe(false);
    expect(await views.counts('u:12', '1')).toBe(true);
    expect(await views.counts('u:12', '1')).toBe(false);
    await guard.release(KEY);
    expect(await guard.take(KEY)).toBe(true);

    await redis.connect();
    // Back: Redis's key (taken before the outage, still running) is the shared truth again.
    expect(await guard.take(KEY)).toBe(false);
    expect(await new DuplicateGuard({ counters: shared(other, prefix) }).take(KEY)).toBe(false);
    await guard.release(KEY);
    expect(await other.exists(`${prefix}dup:${KEY}`)).toBe(0);
  });
});
