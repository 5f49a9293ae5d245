import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, checkConnection, type Database } from '../../src/db/database';
import { formatObjectId, newObjectId, nextId, objectTypeOf } from '../../src/db/ids';
import { migrateDownAll, migrateToLatest, migrationStatus, MIGRATION_TABLE } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations';
import { configValue, writeConfigRows } from '../../src/modules/config/service';
import { readSiteInfo, writeSiteInfo } from '../../src/modules/site-info/store';
import { testDatabases, type FreshDatabase } from './databases';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const execFileAsync = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD = path.join(SERVER_DIR, 'test/db/fixtures/migrate-child.ts');
const OUR_TABLES = ['config', 'id_sequence', 'session', 'site_info', 'uniqid', 'user'];

/** Our tables in the database's current schema (information_schema works on PostgreSQL and MySQL). */
async function tables(database: Database): Promise<string[]> {
  const db = database.db as unknown as Kysely<unknown>;
  if (database.type === 'sqlite3') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    return rows
      .map((r) => r.name)
      .filter((n) => OUR_TABLES.includes(n))
      .sort();
  }
  const current = database.type === 'postgres' ? sql`current_schema()` : sql`database()`;
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = ${current}`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((n) => OUR_TABLES.includes(n))
    .sort();
}

describe.each(available)('migrations on $label', (target) => {
  let fresh: FreshDatabase;
  let database: Database;

  afterEach(async () => {
    await database?.close();
    await fresh?.drop();
  });

  async function open() {
    fresh = await target.fresh();
    database = await createDatabase(fresh.config);
    return database;
  }

  it('goes up, is a no-op the second time, goes down to nothing and up again', async () => {
    const { db, config } = await open();
    expect(await checkConnection(config)).toEqual({ ok: true });

    expect(await migrateToLatest(db, config)).toEqual(Object.keys(MIGRATIONS));
    expect(await tables(database)).toEqual(OUR_TABLES);
    expect(await migrateToLatest(db, config)).toEqual([]);
    expect((await migrationStatus(db, config)).every((m) => m.executedAt instanceof Date)).toBe(true);

    // Data written before going down is gone after going down and up again.
    await writeSiteInfo(db, 'general', { name: 'Before' });
    expect(await migrateDownAll(db, config)).toEqual(Object.keys(MIGRATIONS).reverse());
    expect(await tables(database)).toEqual([]);
    expect((await migrationStatus(db, config)).every((m) => m.executedAt === null)).toBe(true);

    expect(await migrateToLatest(db, config)).toEqual(Object.keys(MIGRATIONS));
    expect(await tables(database)).toEqual(OUR_TABLES);
    expect(await readSiteInfo(db, 'general')).toBeNull();
  });

  it('lets two processes migrate at once without applying anything twice', async () => {
    const { config } = await open();
    // Real processes: SQLite's lock is per connection, and better-sqlite3 blocks its thread while waiting.
    const startAt = String(Date.now() + 2_500);
    const run = () =>
      execFileAsync(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(config), startAt], { cwd: SERVER_DIR });
    const [a, b] = await Promise.all([run(), run()]);
    const applied = [...JSON.parse(a.stdout), ...JSON.parse(b.stdout)] as string[];
    expect(applied.sort()).toEqual(Object.keys(MIGRATIONS));
    expect(await tables(database)).toEqual(OUR_TABLES);
  });

  it('re-runs an interrupted migration over what it had already created', async () => {
    const { db, config } = await open();
    await migrateToLatest(db, config);
    // Forget that it ran, as if the process had died before recording it (MySQL cannot roll DDL back).
    await (db as unknown as Kysely<Record<string, { name: string }>>).deleteFrom(MIGRATION_TABLE).execute();
    expect(await migrateToLatest(db, config)).toEqual(Object.keys(MIGRATIONS));
    expect(await tables(database)).toEqual(OUR_TABLES);
  });

  it('allocates ids from counters, concurrently without duplicates', async () => {
    const { db, config } = await open();
    await migrateToLatest(db, config);
    const ids = await Promise.all(Array.from({ length: 20 }, () => nextId(db, 'user')));
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const question = await newObjectId(db, 'question');
    const answer = await newObjectId(db, 'answer');
    expect(question).toBe('10010000000000001');
    expect(answer).toBe('10020000000000002');
    expect(objectTypeOf(answer)).toBe('answer');
    expect(formatObjectId('comment', 1)).toBe('10070000000000001');
    const recorded = await db.selectFrom('uniqid').selectAll().orderBy('id').execute();
    expect(recorded).toEqual([
      { id: 1, uniqid_type: 1 },
      { id: 2, uniqid_type: 2 },
    ]);
  });

  it('stores site_info and config rows, replacing on a second write', async () => {
    const { db, config } = await open();
    await migrateToLatest(db, config);
    await writeSiteInfo(db, 'general', { name: 'One' });
    await writeSiteInfo(db, 'general', { name: 'Two', emoji: '🦊' });
    expect(await readSiteInfo(db, 'general')).toEqual({ name: 'Two', emoji: '🦊' });
    await writeConfigRows(db, [{ id: 36, key: 'rank.question.add', value: '1' }]);
    await writeConfigRows(db, [{ id: 36, key: 'rank.question.add', value: '1' }]);
    await writeConfigRows(db, [{ id: 36, key: 'rank.question.add', value: '5' }]);
    expect(await configValue(db, 'rank.question.add')).toBe('5');
  });
});

describe('checkConnection', () => {
  it('names what it tried and never the password', async () => {
    const result = await checkConnection(
      { type: 'postgres', host: '127.0.0.1', port: 1, user: 'nobody', password: 'hunter2-secret', name: 'x' },
      { connectTimeoutMs: 1_000 },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('PostgreSQL database "x" at 127.0.0.1:1 as nobody');
      expect(result.error).not.toContain('hunter2-secret');
    }
  });
});

const pg = available.find((d) => d.type === 'postgres');
describe.runIf(pg)('PostgreSQL schema option', () => {
  it('keeps each configured schema apart, bookkeeping included', async () => {
    const fresh = await pg!.fresh();
    const opened: Database[] = [];
    try {
      if (fresh.config.type !== 'postgres') throw new Error('expected PostgreSQL');
      const configs = (['site_a', 'site_b'] as const).map(
        (schema) => ({ ...fresh.config, schema }) as typeof fresh.config,
      );
      for (const config of configs) {
        const database = await createDatabase(config);
        opened.push(database);
        expect(await migrateToLatest(database.db, config)).toEqual(Object.keys(MIGRATIONS));
        expect(await tables(database)).toEqual(OUR_TABLES);
        // Columns added to existing tables land in each schema, not only the first one migrated.
        const columns = await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'notification'`.execute(database.db);
        expect(columns.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['mail_state', 'once_key']));
      }
      await writeSiteInfo(opened[0]!.db, 'general', { name: 'A' });
      expect(await readSiteInfo(opened[1]!.db, 'general')).toBeNull();
      const { rows } = await sql<{ schema: string }>`
        select table_schema as schema from information_schema.tables where table_name = ${MIGRATION_TABLE} order by 1`.execute(
        opened[0]!.db,
      );
      expect(rows.map((r) => r.schema)).toEqual(['site_a', 'site_b']);
    } finally {
      for (const database of opened) await database.close();
      await fresh.drop();
    }
  });
});
