import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from '../db/dialect';
import type { DB } from '../db/schema';
import type { CounterState, Counters } from './rate-limit-store';

/**
 * Fixed-window counters in the site's database (table `rate_counter`): what the limits count in when
 * no Redis is configured, so every server process on the database shares them and they outlive a
 * restart. A hit is one conditional UPDATE (a new window when the old one has ended), or an INSERT for
 * a new key (a concurrent INSERT of the same key turns into the UPDATE); its count is read after, so
 * two processes racing on a key may both see the higher count, never both the lower one. Ended rows
 * are deleted at most once a minute.
 */
export class DbCounters implements Counters {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  #nextCleanup = 0;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? (() => Date.now());
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.#now();
    await this.#cleanup(now);
    const update = () =>
      this.#db
        .updateTable('rate_counter')
        // `hits` first: MySQL evaluates SET left to right, so it must read the old ends_at.
        .set({
          hits: sql<number>`case when ends_at <= ${now} then 1 else hits + 1 end`,
          ends_at: sql<number>`case when ends_at <= ${now} then ${now + windowMs} else ends_at end`,
        })
        .where('key', '=', key)
        .executeTakeFirst();
    if (Number((await update()).numUpdatedRows) === 0) {
      try {
        await this.#db
          .insertInto('rate_counter')
          .values({ key, hits: 1, ends_at: now + windowMs })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await update();
      }
    }
    return this.read(key);
  }

  async read(key: string): Promise<CounterState> {
    const now = this.#now();
    const row = await this.#db
      .selectFrom('rate_counter')
      .select(['hits', 'ends_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.ends_at) <= now) return { current: 0, ttl: 0 };
    return { current: Number(row.hits), ttl: Number(row.ends_at) - now };
  }

  async reset(key: string): Promise<void> {
    await this.#db.deleteFrom('rate_counter').where('key', '=', key).execute();
  }

  async #cleanup(now: number): Promise<void> {
    if (now < this.#nextCleanup) return;
    this.#nextCleanup = now + 60_000;
    await this.#db.deleteFrom('rate_counter').where('ends_at', '<=', now).execute();
  }
}

/**
 * The counters of one app: limits named in `durable` count in `durable` counters (the database, or
 * Redis), the others in `fast` ones (this process): the write, content and preview budgets are checked
 * on every write and only slow floods down, so they stay in memory without Redis.
 */
export class SplitCounters implements Counters {
  constructor(
    readonly durable: Counters,
    readonly fast: Counters,
    readonly durableNames: ReadonlySet<string>,
  ) {}

  #of(key: string): Counters {
    return this.durableNames.has(key.slice(0, key.indexOf(':'))) ? this.durable : this.fast;
  }

  hit(key: string, windowMs: number): Promise<CounterState> {
    return this.#of(key).hit(key, windowMs);
  }
  read(key: string): Promise<CounterState> {
    return this.#of(key).read(key);
  }
  reset(key: string): Promise<void> {
    return this.#of(key).reset(key);
  }
}
