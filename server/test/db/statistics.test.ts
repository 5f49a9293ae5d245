import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo';
import { testDatabases } from './databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { installedSite, type InstalledSite } from '../support/site';

const { available } = await testDatabases();
const servers = available.filter((target) => target.type !== 'sqlite3');
// A run on SQLite alone (AGORA_TEST_DATABASES=sqlite) has nothing to check here, and says so.
if (servers.length === 0) it.skip('needs PostgreSQL or MariaDB in the run', () => undefined);

/**
 * After a bulk load the planner knows the tables' new sizes at once: the demo (and a restore, an
 * upgrade) refresh the statistics themselves instead of leaving it to autovacuum or InnoDB's
 * background recount. Observed through PostgreSQL's `analyze_count` (autovacuum counts in
 * `autoanalyze_count`) and InnoDB's persistent row count, read right after the load.
 */
describe.each(servers)('statistics after a bulk load on $label', (target) => {
  let site: InstalledSite;
  beforeAll(async () => {
    site = await installedSite(target);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  const db = () => site.database.db;
  /** PostgreSQL: how many explicit analyses the question table has had (autovacuum's are counted apart). */
  async function analyses(): Promise<number> {
    const { rows } = await sql<{ n: string | number }>`
      select analyze_count as n from pg_stat_user_tables where relname = 'question'`.execute(db());
    return Number(rows[0]?.n ?? 0);
  }
  /** MySQL/MariaDB: the row count InnoDB's persistent statistics hold for the question table. */
  async function statisticsRows(): Promise<number> {
    const { rows } = await sql<{ n: string | number }>`
      select n_rows as n from mysql.innodb_table_stats
      where database_name = database() and table_name = 'question'`.execute(db());
    return Number(rows[0]?.n ?? -1);
  }

  it('the demo leaves the planner statistics of the tables it filled', async () => {
    // PostgreSQL's activity statistics arrive with a short delay after the statement.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 700));
    const before = target.type === 'postgres' ? (await settle(), await analyses()) : 0;
    const demo = await seedDemo(db(), { questions: 40, users: 8, now: NOW, passwordHash: await demoPasswordHash() });
    if (target.type === 'postgres') {
      await settle();
      expect(await analyses()).toBeGreaterThan(before);
    } else {
      // Right after the load, not when InnoDB's background recount gets to it.
      expect(await statisticsRows()).toBe(demo.counts.questions);
    }
  });
});
