import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database';
import { migrateDownAll, migrateToLatest } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations';
import { initial } from '../../src/db/migrations/20261121060000_initial';
import { qaCore } from '../../src/db/migrations/20261121070000_qa_core';
import { testDatabases, type FreshDatabase } from '../db/databases';
import { QA_TABLES } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const NEW_SEQUENCES = [
  'activity',
  'collection_group',
  'meta',
  'notification',
  'question_link',
  'revision',
  'tag_rel',
  'user_notification_config',
];

async function tables(database: Database): Promise<string[]> {
  const db = database.db as unknown as Kysely<unknown>;
  const names =
    database.type === 'sqlite3'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = ${database.type === 'postgres' ? sql`current_schema()` : sql`database()`}`.execute(db)
        ).rows;
  return names
    .map((r) => r.name)
    .filter((n) => (QA_TABLES as readonly string[]).includes(n))
    .sort();
}

/** Indexes of `question` after every migration (see the first test). */
const QUESTION_INDEXES = { sqlite3: 13, postgres: 11, mysql: 10 } as const;

async function indexCount(database: Database, table: string): Promise<number> {
  const db = database.db as unknown as Kysely<unknown>;
  if (database.type === 'sqlite3') {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
      db,
    );
    return Number(rows[0]?.n);
  }
  if (database.type === 'postgres') {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pg_indexes where schemaname = current_schema() and tablename = ${table}
        and (indexname like '%\\_idx' or indexname like '%\\_uq')`.execute(db);
    return Number(rows[0]?.n);
  }
  const { rows } = await sql<{ n: number }>`
    select count(distinct index_name) as n from information_schema.statistics
    where table_schema = database() and table_name = ${table}
      and (index_name like '%\\_idx' or index_name like '%\\_uq')`.execute(db);
  return Number(rows[0]?.n);
}

async function sequences(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('id_sequence').select('name').execute();
  return rows
    .map((r) => r.name)
    .filter((n) => NEW_SEQUENCES.includes(n))
    .sort();
}

describe.each(available)('Q&A migration on $label', (target) => {
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;

  afterEach(async () => {
    await database?.close();
    await fresh?.drop();
    database = undefined;
    fresh = undefined;
  });

  async function open(): Promise<Database> {
    fresh = await target.fresh();
    database = await createDatabase(fresh.config);
    return database;
  }

  it('creates the Q&A tables with their indexes and counters, drops them going down, creates them again', async () => {
    const d = await open();
    await migrateToLatest(d.db, d.config);
    const all = [...QA_TABLES].sort();
    expect(await tables(d)).toEqual(all);
    expect(await sequences(d)).toEqual(NEW_SEQUENCES);
    // The question list orders and the lookups each have an index (7 from qa_core, 2 count
    // indexes from 20261121080000_question_list_counts), and search one more (20261123090000_search_index:
    // SQLite's covering index, PostgreSQL's GIN index; MySQL's FULLTEXT indexes are on search_doc);
    // SQLite two more for searches without words (20261124090000_search_tags).
    expect(await indexCount(d, 'question')).toBe(QUESTION_INDEXES[d.type]);
    expect(await indexCount(d, 'activity')).toBe(4);

    // Rows of every kind fit the columns (17-digit ids as strings, Answer's flags and counters).
    const now = Date.now();
    await d.db
      .insertInto('user')
      .values({
        id: 1,
        username: 'ada',
        username_key: 'ada',
        e_mail: 'ada@example.com',
        e_mail_key: 'ada@example.com',
        pass: '',
        display_name: 'Ada',
        avatar: '',
        bio: '',
        bio_html: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await d.db
      .insertInto('question')
      .values({
        id: '10010000000000001',
        user_id: 1,
        title: 'Why?',
        original_text: 'x'.repeat(70_000),
        parsed_text: '<p>…</p>',
        post_update_time: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const q = await d.db.selectFrom('question').selectAll().executeTakeFirstOrThrow();
    expect(q).toMatchObject({ id: '10010000000000001', pin: 1, show: 1, status: 1, vote_count: 0, hot_score: 0 });
    expect(q.original_text).toHaveLength(70_000);
    expect(q.accepted_answer_id).toBeNull();

    expect(await migrateDownAll(d.db, d.config)).toEqual(Object.keys(MIGRATIONS).reverse());
    expect(await tables(d)).toEqual([]);
    expect(await migrateToLatest(d.db, d.config)).toEqual(Object.keys(MIGRATIONS));
    expect(await tables(d)).toEqual(all);
    expect(await sequences(d)).toEqual(NEW_SEQUENCES);
    expect(await d.db.selectFrom('question').select('id').execute()).toEqual([]);
  });

  it('runs again over its own finished work (MySQL cannot roll a half-done migration back)', async () => {
    const d = await open();
    await migrateToLatest(d.db, d.config);
    await qaCore.up(d.db);
    expect(await tables(d)).toEqual([...QA_TABLES].sort());
    expect(await indexCount(d, 'question')).toBe(QUESTION_INDEXES[d.type]);
  });

  it('gives a site installed before the Q&A tables its first tag, support', async () => {
    const d = await open();
    await migrateToLatest(d.db, d.config, { migrations: { '20261121060000_initial': initial } });
    const now = Date.now();
    await d.db
      .insertInto('user')
      .values({
        id: 1,
        username: 'admin',
        username_key: 'admin',
        e_mail: 'admin@example.com',
        e_mail_key: 'admin@example.com',
        pass: '',
        display_name: 'Admin',
        avatar: '',
        bio: '',
        bio_html: '',
        role_id: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await d.db.updateTable('id_sequence').set({ value: 1 }).where('name', '=', 'user').execute();
    await d.db
      .insertInto('site_info')
      .values({ type: 'general', content: '{"name":"Old"}', created_at: now, updated_at: now })
      .execute();

    // Everything after the initial migration runs, in order (the later ones leave the tag alone).
    expect(await migrateToLatest(d.db, d.config)).toEqual(
      Object.keys(MIGRATIONS).filter((name) => name > '20261121060000_initial'),
    );
    const tags = await d.db.selectFrom('tag').selectAll().execute();
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({
      id: '10030000000000001',
      slug_name: 'support',
      display_name: 'support',
      status: 1,
    });
    expect(Number(tags[0]!.user_id)).toBe(1);
    expect(await d.db.selectFrom('uniqid').selectAll().execute()).toEqual([{ id: 1, uniqid_type: 3 }]);
  });

  it('gives a fresh database no tag (the installer seeds it)', async () => {
    const d = await open();
    await migrateToLatest(d.db, d.config);
    expect(await d.db.selectFrom('tag').select('id').execute()).toEqual([]);
  });
});
