import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiFailure } from '../lib/api-failure';
import { isApiRoute, surfaceOfRequest } from './prefixes';
import { SplitCounters } from './rate-limit-db';
import {
  ACCOUNT_OF,
  AUTH_ROUTES,
  clientAddress,
  CONTENT_ROUTES,
  DEFAULT_RATE_LIMITS,
  DURABLE_LIMITS,
  LOGIN_ROUTE,
  MAIL_ROUTES,
  MAIL_TO,
  PASSWORD_ROUTES,
  type RateLimits,
  RENDER_ROUTES,
  routeOf,
  SEARCH_ROUTE,
  userOrAddress,
  WRITE_METHODS,
} from './rate-limit-rules';
import { MemoryCounters, RedisCounters, type Counters } from './rate-limit-store';

export interface RateLimitPluginOptions {
  /** Default: on, unless AGORA_RATE_LIMITS is `off` (or 0, false, no). */
  enabled?: boolean;
  /** A Redis URL (default AGORA_REDIS_URL) or a client of the caller's (then the caller closes it). */
  redis?: string | Redis;
  /** Prefix of the Redis keys (default AGORA_REDIS_PREFIX, else `agora:rl:`): sites sharing a Redis need their own. */
  redisPrefix?: string;
  /** Overrides of DEFAULT_RATE_LIMITS. */
  limits?: Partial<RateLimits>;
  /** The clock of the in-process counters (tests). */
  now?: () => number;
  /** Where the defaults above are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Counters that every process of the site shares and that outlive a restart (the site's database):
   * without Redis, the DURABLE_LIMITS count there. Default: none (everything in this process).
   */
  durable?: Counters;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters behind the limits (in memory, or Redis with an in-memory fallback). */
    rateLimitCounters: Counters | null;
  }
  interface FastifyRequest {
    /** A login for an account past `loginPerAccount`: it needs a captcha (or waits, captchas off). */
    accountThrottled: boolean;
  }
}

/** Redacts credentials from a Redis URL for log lines. */
function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // ioredis loads only on a site configured with Redis.
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    // A rate-limit check must never wait for Redis: no queue while disconnected, one short try per command.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 250, 5_000),
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    app.log.warn({ redis: describeRedis(url), why: error.message }, 'rate limits: Redis connection failed');
  });
  redis.on('ready', () => {
    reported = false;
  });
  // Give the first connection a moment, so processes started together share counters from the first request.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

const OFF = /^(0|off|false|no)$/i;

/**
 * Rate limits on authentication, on mail and on writes, through
 * @fastify/rate-limit's limiters over our counters. A refused request gets 429 with the envelope
 * `{code: 429, reason: 'base.too_many_requests', msg, data: null}`, `Retry-After` (seconds until the
 * window ends) and `X-RateLimit-Limit/Remaining/Reset`. Reads (GET, HEAD) are never limited.
 *
 * Register after `auth` (the per-user budget needs `request.session`).
 */
async function rateLimits(app: FastifyInstance, options: RateLimitPluginOptions) {
  const env = options.env ?? process.env;
  const enabled = options.enabled ?? !OFF.test(env.AGORA_RATE_LIMITS ?? '');
  app.decorate('rateLimitCounters', null);
  app.decorateRequest('accountThrottled', false);
  if (!enabled) {
    app.log.warn('rate limits: off (AGORA_RATE_LIMITS)');
    return;
  }
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.limits };

  const memory = new MemoryCounters(options.now ? { now: options.now } : {});
  let counters: Counters = options.durable ? new SplitCounters(options.durable, memory, DURABLE_LIMITS) : memory;
  const redisOption = options.redis ?? (env.AGORA_REDIS_URL || undefined);
  if (redisOption) {
    const ownClient = typeof redisOption === 'string';
    const redis = ownClient ? await connectRedis(app, redisOption) : redisOption;
    const prefix = options.redisPrefix ?? (env.AGORA_REDIS_PREFIX || 'agora:rl:');
    counters = new RedisCounters(redis, { prefix, fallback: memory, log: app.log });
    app.log.info(
      { redis: ownClient ? describeRedis(redisOption) : '(client)', prefix },
      'rate limits: shared in Redis',
    );
    if (ownClient) {
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
  }
  app.rateLimitCounters = counters;

  // @fastify/rate-limit computes each limiter's verdict and headers; our store keeps the counts.
  const shared = counters;
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      shared.hit(key, windowMs).then((state) => callback(null, state), callback);
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      shared.read(key).then((state) => callback(null, state), callback);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  await app.register(fastifyRateLimit, { global: false, store: Store });

  // One log line per key and window, not one per refused request (a flood must not flood the log).
  const reported = new Map<string, number>();
  const firstRefusal = (key: string, retryAfterSeconds: number): boolean => {
    const now = Date.now();
    const until = reported.get(key);
    if (until !== undefined && until > now) return false;
    if (reported.size >= 10_000) reported.clear();
    reported.set(key, now + retryAfterSeconds * 1000);
    return true;
  };

  type Subject = (request: FastifyRequest) => string | null;
  const limiter = (name: keyof RateLimits, subject: Subject) => {
    const rule = limits[name];
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${name}:${subject(request) ?? ''}`,
    });
    return {
      name,
      key: (request: FastifyRequest) => `${name}:${subject(request) ?? ''}`,
      /** Counts the request; true once the window's budget is spent (no 429: the caller decides). */
      async exceeded(request: FastifyRequest): Promise<boolean> {
        const subjectKey = subject(request);
        if (subjectKey === null) return false;
        return (await shared.hit(`${name}:${subjectKey}`, rule.windowMs)).current > rule.max;
      },
      /** Counts the request; throws the 429 failure once the window's budget is spent. */
      async enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        if (subject(request) === null) return;
        const verdict = await check(request);
        if (verdict.isAllowed || !verdict.isExceeded) return;
        const retryAfter = Math.max(1, verdict.ttlInSeconds);
        reply
          .header('retry-after', retryAfter)
          .header('x-ratelimit-limit', verdict.max)
          .header('x-ratelimit-remaining', 0)
          .header('x-ratelimit-reset', retryAfter);
        if (firstRefusal(`${name}:${subject(request)}`, retryAfter)) {
          request.log.warn({ limit: name, route: routeOf(request), retryAfter }, 'rate limit reached');
        }
        throw new ApiFailure(429, 'base.too_many_requests');
      },
    };
  };

  const currentRoute = (request: FastifyRequest) => routeOf(request);
  const accountOf: Subject = (request) => ACCOUNT_OF.get(currentRoute(request))?.(request) ?? null;
  const ipAccountOf: Subject = (request) => {
    const account = accountOf(request);
    return account === null ? null : `${clientAddress(request)}|${account}`;
  };
  const mailTo: Subject = (request) => MAIL_TO.get(currentRoute(request))?.(request) ?? null;

  const writes = limiter('writesPerUser', userOrAddress);
  const content = limiter('contentPerUser', userOrAddress);
  const render = limiter('renderPerUser', userOrAddress);
  const authIp = limiter('authPerIp', clientAddress);
  const mailIp = limiter('mailPerIp', clientAddress);
  const searchIp = limiter('searchPerIp', clientAddress);
  const mailAccount = limiter('mailPerAccount', mailTo);
  const loginIpAccount = limiter('loginPerIpAccount', ipAccountOf);
  const loginAccount = limiter('loginPerAccount', accountOf);

  const limited = (request: FastifyRequest) => WRITE_METHODS.has(request.method) && isApiRoute(request);

  // Before the body is read: budgets that depend only on who is asking.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && routeOf(request) === SEARCH_ROUTE) {
      await searchIp.enforce(request, reply);
      return;
    }
    // Until the site is installed, the installer's checks (db/check connects wherever it is told) get
    // the authentication budget per address, so they cannot be used to scan hosts and ports at speed.
    if (WRITE_METHODS.has(request.method) && surfaceOfRequest(request) === 'install-api') {
      await authIp.enforce(request, reply);
      return;
    }
    if (!limited(request)) return;
    const route = routeOf(request);
    if (RENDER_ROUTES.has(route)) {
      await render.enforce(request, reply);
      return;
    }
    await writes.enforce(request, reply);
    if (AUTH_ROUTES.has(route)) await authIp.enforce(request, reply);
    if (MAIL_ROUTES.has(route)) await mailIp.enforce(request, reply);
    if (CONTENT_ROUTES.has(route)) await content.enforce(request, reply);
  });

  // After validation: budgets keyed by what the body names (the account, the mail's recipient).
  app.addHook('preHandler', async (request, reply) => {
    if (!limited(request)) return;
    const route = routeOf(request);
    if (PASSWORD_ROUTES.has(route)) {
      await loginIpAccount.enforce(request, reply);
      // A login (by e-mail) is never locked over every address: past the limit it needs a captcha.
      if (route === LOGIN_ROUTE) request.accountThrottled = await loginAccount.exceeded(request);
      else await loginAccount.enforce(request, reply);
    }
    if (MAIL_ROUTES.has(route)) await mailAccount.enforce(request, reply);
  });

  // A password accepted: the account's failed attempts are forgiven (counted as attempts until then,
  // so parallel guesses cannot slip past the limit before their failures are known).
  app.addHook('onResponse', async (request, reply) => {
    if (!limited(request) || reply.statusCode >= 300 || !PASSWORD_ROUTES.has(routeOf(request))) return;
    if (accountOf(request) === null) return;
    await Promise.all([shared.reset(loginIpAccount.key(request)), shared.reset(loginAccount.key(request))]);
  });
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['errors', 'auth', 'routing'] });
