import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A counter's state after a hit (or a read): hits in the current window and ms until it ends. */
export interface CounterState {
  current: number;
  ttl: number;
}

/**
 * Fixed-window counters: the first hit on a key opens a window of `windowMs`; every hit in it counts;
 * when it ends the key starts again from zero.
 */
export interface Counters {
  hit(key: string, windowMs: number): Promise<CounterState>;
  read(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
}

/** Counters in this process: the default, and the fallback while Redis is unreachable. */
export class MemoryCounters implements Counters {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #now: () => number;
  readonly #maxKeys: number;

  /** `now` is read on every call (fake clocks work); `maxKeys` bounds memory under a flood of new keys. */
  constructor(options: { now?: () => number; maxKeys?: number } = {}) {
    this.#now = options.now ?? (() => Date.now());
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  get size(): number {
    return this.#windows.size;
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (window) this.#windows.delete(key);
      else if (this.#windows.size >= this.#maxKeys) this.#evict(now);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  async read(key: string): Promise<CounterState> {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (!window || window.endsAt <= now) return { current: 0, ttl: 0 };
    return { current: window.count, ttl: window.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  /** Drops ended windows; if none ended, the oldest tenth (Map order = window opening order). */
  #evict(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    if (this.#windows.size < this.#maxKeys) return;
    let drop = Math.ceil(this.#maxKeys / 10);
    for (const key of this.#windows.keys()) {
      if (drop-- <= 0) break;
      this.#windows.delete(key);
    }
  }
}

/** INCR, and open the window (PEXPIRE) when the key has none: one atomic step for every process. */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

const READ_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}
`;

type ScriptedRedis = Redis & {
  agoraRateHit(key: string, windowMs: number): Promise<[number, number]>;
  agoraRateRead(key: string): Promise<[number, number]>;
};

/**
 * Counters in Redis, shared by every server process that uses the same Redis and prefix. While Redis
 * is unreachable (not connected, or a command fails) the counters of this process take over, so the
 * limits keep holding per process and no request fails because of Redis; the switch is logged once
 * per outage.
 */
export class RedisCounters implements Counters {
  readonly #redis: ScriptedRedis;
  readonly #prefix: string;
  readonly #fallback: MemoryCounters;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #label: string;
  #degraded = false;

  /** `label` names the counters' user in the outage log lines (default `rate limits`). */
  constructor(
    redis: Redis,
    options: { prefix: string; fallback: MemoryCounters; log?: FastifyBaseLogger; label?: string },
  ) {
    this.#redis = redis as ScriptedRedis;
    this.#prefix = options.prefix;
    this.#fallback = options.fallback;
    this.#log = options.log;
    this.#label = options.label ?? 'rate limits';
    if (typeof this.#redis.agoraRateHit !== 'function') {
      redis.defineCommand('agoraRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('agoraRateRead', { numberOfKeys: 1, lua: READ_SCRIPT });
    }
  }

  /**
   * Counters on the same Redis client and key prefix with a fallback of their own (and their own outage
   * log lines): other users of the shared counters (the duplicate-post guard, view counts) must not
   * fill, or evict keys from, the rate limits' in-process counters while Redis is away.
   */
  withFallback(fallback: MemoryCounters, label: string): RedisCounters {
    return new RedisCounters(this.#redis, { prefix: this.#prefix, fallback, log: this.#log, label });
  }

  /** True while the counters of this process stand in for Redis. */
  get degraded(): boolean {
    return this.#degraded;
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    return this.#run(
      async () => {
        const [current, ttl] = await this.#redis.agoraRateHit(this.#prefix + key, windowMs);
        return { current: Number(current), ttl: Number(ttl) };
      },
      () => this.#fallback.hit(key, windowMs),
    );
  }

  async read(key: string): Promise<CounterState> {
    return this.#run(
      async () => {
        const [current, ttl] = await this.#redis.agoraRateRead(this.#prefix + key);
        return { current: Number(current), ttl: Number(ttl) };
      },
      () => this.#fallback.read(key),
    );
  }

  async reset(key: string): Promise<void> {
    await this.#fallback.reset(key);
    await this.#run(
      async () => {
        await this.#redis.del(this.#prefix + key);
      },
      async () => undefined,
    );
  }

  async #run<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.#redis.status !== 'ready') {
      this.#degrade(`Redis is ${this.#redis.status}`);
      return local();
    }
    try {
      const result = await remote();
      if (this.#degraded) {
        this.#degraded = false;
        this.#log?.info(`${this.#label}: Redis is back, counters are shared again`);
      }
      return result;
    } catch (error) {
      this.#degrade((error as Error).message);
      return local();
    }
  }

  #degrade(why: string): void {
    if (this.#degraded) return;
    this.#degraded = true;
    this.#log?.warn({ why }, `${this.#label}: Redis unavailable, counting in this process until it is back`);
  }
}
