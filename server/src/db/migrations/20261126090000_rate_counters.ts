import type { Migration } from 'kysely';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/**
 * Rate-limit counters kept in the database (plugins/rate-limit-db.ts) when no Redis is configured, so
 * the login, sign-up, mail and search limits and the duplicate-post guard hold across server processes
 * and restarts. One row per counter: `key` (the limit's name and a hashed subject), the hits of the
 * current fixed window (`count`) and when the window ends (`ends_at`, Unix ms). Ended rows are deleted
 * as the counters go.
 */
export const rateCounters: Migration = {
  async up(db: AnyDb) {
    await tableOptions(db)(
      db.schema
        .createTable('rate_counter')
        .ifNotExists()
        .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await ensureIndex(db, { name: 'rate_counter_ends_idx', table: 'rate_counter', columns: ['ends_at'] });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rate_counter').ifExists().execute();
  },
};
