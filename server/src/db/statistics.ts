import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { DB } from './schema';

/**
 * Refreshes the query planner's statistics after a bulk write: the demo, a restore, an upgrade's
 * migrations. Without it the planner works from what it knew before the load.
 *
 * - PostgreSQL: autovacuum analyzes a table only after enough of it changed and some time later; right
 *   after a 10,000-question demo the question lists were planned as if the tables were nearly empty and
 *   answered about a tenth as fast until ANALYZE ran (docs/performance/api-throughput.md).
 * - MySQL/MariaDB: InnoDB recalculates in the background once a tenth of a table changed; ANALYZE TABLE
 *   does it at once (and MariaDB collects its engine-independent statistics).
 * - SQLite: nothing. Its planner uses no statistics until ANALYZE has run once, and the site's indexes
 *   were chosen for that planner; running it would change plans the benchmarks measured.
 */
export async function refreshStatistics(db: Kysely<DB>): Promise<void> {
  const type = dialectOf(db as unknown as Kysely<unknown>);
  if (type === 'postgres') {
    await sql`analyze`.execute(db);
  } else if (type === 'mysql') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = database() and table_type = 'BASE TABLE'`.execute(db);
    if (rows.length === 0) return;
    await sql`analyze table ${sql.join(rows.map((r) => sql.table(r.name)))}`.execute(db);
  }
}
