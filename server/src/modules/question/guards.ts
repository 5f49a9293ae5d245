import { createHash } from 'node:crypto';

/**
 * The duplicate-post guard of answer-api.md §1.6 (questions, answers and comments): the same user posting the same body to the same route
 * within 5 minutes is refused (400 base.duplicate_request_error). The key is taken when the request
 * starts and given back when it fails, so only successful posts block a repeat. Kept in the process's
 * memory (one server process per site); a restart forgets it.
 */
export class DuplicateGuard {
  readonly #seen = new Map<string, number>();
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(options: { windowMs?: number; now?: () => number } = {}) {
    this.#windowMs = options.windowMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  static key(userId: string | number, route: string, body: unknown): string {
    return createHash('md5')
      .update(`${userId}:${route}:${JSON.stringify(body)}`)
      .digest('hex');
  }

  /** Takes the key: false when it was taken within the window. */
  take(key: string): boolean {
    const now = this.#now();
    // Keys are kept in the order they were taken: the expired ones are at the front.
    for (const [k, at] of this.#seen) {
      if (now - at < this.#windowMs) break;
      this.#seen.delete(k);
    }
    const at = this.#seen.get(key);
    if (at !== undefined && now - at < this.#windowMs) return false;
    this.#seen.delete(key);
    this.#seen.set(key, now);
    return true;
  }

  release(key: string): void {
    this.#seen.delete(key);
  }
}

/**
 * Which views count (GET question/info): one per viewer (a user id, or the client address of a visitor)
 * and question per window (default 1 hour), so reloading a page does not inflate view_count.
 */
export class ViewCounter {
  readonly #seen = new Map<string, number>();
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(options: { windowMs?: number; now?: () => number } = {}) {
    this.#windowMs = options.windowMs ?? 60 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** True when this view counts (and remembers it). */
  counts(viewer: string, questionId: string): boolean {
    const now = this.#now();
    if (this.#seen.size > 50_000) {
      for (const [k, at] of this.#seen) if (now - at >= this.#windowMs) this.#seen.delete(k);
    }
    const key = `${viewer}\u0000${questionId}`;
    const at = this.#seen.get(key);
    if (at !== undefined && now - at < this.#windowMs) return false;
    this.#seen.set(key, now);
    return true;
  }
}
