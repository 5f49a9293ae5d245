import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../lib/api-failure';
import { sessionOf } from '../../plugins/auth';
import { SplitCounters } from '../../plugins/rate-limit-db';
import { MemoryCounters, RedisCounters, type Counters } from '../../plugins/rate-limit-store';

/**
 * Where the guards below keep their keys: this process's memory, or the shared counters of the rate
 * limits (Redis, with this process standing in while Redis is away). Keys are hashes, never bodies
 * or addresses; Redis adds the site's prefix (AGORA_REDIS_PREFIX).
 */
export interface GuardOptions {
  windowMs?: number;
  /** The clock of the default in-process store (tests). */
  now?: () => number;
  /** The store (default: a MemoryCounters of the guard's own). */
  counters?: Counters;
}

/**
 * The store for an app's guards: shared through Redis when the rate limits count there (same client
 * and prefix, but an in-process fallback of the guard's own); without Redis, the duplicate-post keys
 * (`dup:`) go to the database counters of the limits when they have some, anything else stays in this
 * process. `shared` is `app.rateLimitCounters` (null or undefined when rate limits are off or not
 * registered).
 */
export function guardCounters(shared: Counters | null | undefined, label: string): Counters {
  if (shared instanceof RedisCounters) return shared.withFallback(new MemoryCounters(), label);
  if (shared instanceof SplitCounters)
    return new SplitCounters(shared.durable, new MemoryCounters(), shared.durableNames);
  return new MemoryCounters();
}

/**
 * The duplicate-post guard (questions, answers and comments; docs/product-rules.md): the same user posting
 * the same body to the same route within 5 minutes is refused (400 base.duplicate_request_error). The key
 * is taken when the request starts and given back when it fails, so only successful posts block a repeat.
 * Taking is one atomic step in the store (INCR in Redis), so two processes racing on one key cannot both
 * take it.
 */
export class DuplicateGuard {
  readonly #counters: Counters;
  readonly #windowMs: number;

  constructor(options: GuardOptions = {}) {
    this.#windowMs = options.windowMs ?? 5 * 60_000;
    this.#counters = options.counters ?? new MemoryCounters(options.now ? { now: options.now } : {});
  }

  /** A guard of an app: shared when `shared` (`app.rateLimitCounters`) is in Redis, see guardCounters. */
  static over(shared: Counters | null | undefined): DuplicateGuard {
    return new DuplicateGuard({ counters: guardCounters(shared, 'duplicate-post guard') });
  }

  /** md5(user_id:route:JSON(body)): the same author, route and body give the same key. */
  static key(userId: string | number, route: string, body: unknown): string {
    return createHash('md5')
      .update(`${userId}:${route}:${JSON.stringify(body)}`)
      .digest('hex');
  }

  /** Takes the key: false when it was taken within the window (and not given back). */
  async take(key: string): Promise<boolean> {
    const { current } = await this.#counters.hit(`dup:${key}`, this.#windowMs);
    return current === 1;
  }

  /** Gives the key back: the same post may be sent again at once. */
  async release(key: string): Promise<void> {
    await this.#counters.reset(`dup:${key}`);
  }
}

/**
 * Which views count (GET question/info): one per viewer (a user id, or the client address of a visitor)
 * and question per window (default 1 hour), so reloading a page does not inflate view_count.
 */
export class ViewCounter {
  readonly #counters: Counters;
  readonly #windowMs: number;

  constructor(options: GuardOptions = {}) {
    this.#windowMs = options.windowMs ?? 60 * 60_000;
    this.#counters = options.counters ?? new MemoryCounters(options.now ? { now: options.now } : {});
  }

  /** The view counter of an app: shared when `shared` (`app.rateLimitCounters`) is in Redis. */
  static over(shared: Counters | null | undefined): ViewCounter {
    return new ViewCounter({ counters: guardCounters(shared, 'view counts') });
  }

  /** The store's key of a viewer and question: a hash (no user ids or client addresses in Redis). */
  static key(viewer: string, questionId: string): string {
    return createHash('sha256').update(`${viewer}\u0000${questionId}`).digest('base64url').slice(0, 22);
  }

  /** True when this view counts (and remembers it). */
  async counts(viewer: string, questionId: string): Promise<boolean> {
    const { current } = await this.#counters.hit(`view:${ViewCounter.key(viewer, questionId)}`, this.#windowMs);
    return current === 1;
  }
}

/**
 * Runs a post under the duplicate guard: a repeat within 5 minutes is 400
 * base.duplicate_request_error; a failed post gives its key back.
 */
export async function guarded<T>(
  guard: DuplicateGuard,
  request: FastifyRequest,
  route: string,
  run: () => Promise<T>,
): Promise<T> {
  const key = DuplicateGuard.key(sessionOf(request).userId, route, request.body);
  if (!(await guard.take(key))) throw ApiFailure.badRequest('base.duplicate_request_error');
  try {
    return await run();
  } catch (error) {
    await guard.release(key);
    throw error;
  }
}
