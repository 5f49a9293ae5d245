import { DemoSetupError } from './environment';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { refillSqliteSearch, SQLITE_SEARCH_TRIGGER_PREFIX } from '../db/migrations/20261124090000_search_tags';

/** Batched inserts and id counters for the demo writer, and SQLite index handling during the load. */
export type Db = Kysely<DB> | Transaction<DB>;

// Rows of any table go through one batching helper.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's/MySQL's 65,535. */
const MAX_PARAMS = 30_000;

export async function insertAll<T extends keyof DB>(trx: Db, table: T, rows: Insertable<DB[T]>[], maxRows = 500) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await (trx as unknown as AnyDb)
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

/** Raises a counter by `count` and returns the first of the ids it covers (the row stays locked until commit). */
export async function reserve(trx: Db, name: string, count: number): Promise<number> {
  const any = trx as unknown as AnyDb;
  const updated = await any
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', name)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new DemoSetupError(`The id sequence "${name}" does not exist: run "agora upgrade".`);
  const row = await any.selectFrom('id_sequence').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

/** Plain ids of one counter, reserved in blocks; finish() gives back what was not used. */
export class Sequence {
  #next = 1;
  #end = 0;
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  async ensure(trx: Db, needed: number): Promise<void> {
    const left = this.#end - this.#next + 1;
    if (left >= needed) return;
    const count = Math.max(needed - left, 5_000);
    const first = await reserve(trx, this.name, count);
    if (left > 0 && first !== this.#end + 1) throw new Error(`id_sequence ${this.name} moved during the demo`);
    if (left <= 0) this.#next = first;
    this.#end = first + count - 1;
  }

  take(): number {
    if (this.#next > this.#end) throw new Error(`Out of reserved ${this.name} ids`);
    return this.#next++;
  }

  /** Sets the counter back to the last id handed out (we hold its row lock, so nobody else took any). */
  async finish(trx: Db): Promise<void> {
    if (this.#next > this.#end) return;
    await (trx as unknown as AnyDb)
      .updateTable('id_sequence')
      .set({ value: this.#next - 1 })
      .where('name', '=', this.name)
      .where('value', '=', this.#end)
      .execute();
  }
}

/** Tables the demo fills in bulk. */
export const BULK_TABLES = [
  'question',
  'answer',
  'comment',
  'tag_rel',
  'activity',
  'revision',
  'notification',
  'collection',
];

/**
 * SQLite builds an index from sorted rows far faster than it grows one by random inserts: the
 * secondary indexes of the bulk tables are dropped for the load and created again from their own
 * stored definitions, inside the same transaction (SQLite's DDL is transactional, so a failure
 * leaves them as they were; a duplicate in a unique index fails the whole demo). The full-text
 * search triggers look rows up by those indexes (a post's tag links, a question's answers): they are
 * dropped too, put back from their stored SQL, and the search index filled again in one pass.
 */
export async function withoutSqliteIndexes<T>(
  trx: Db,
  tables: string[],
  load: () => Promise<T>,
  log: (line: string) => void,
) {
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(trx);
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'trigger' and name like ${`${SQLITE_SEARCH_TRIGGER_PREFIX}%`}`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.ref(index.name)}`.execute(trx);
  for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(trx);
  const result = await load();
  let started = performance.now();
  for (const index of rows) await sql.raw(index.sql!).execute(trx);
  log(`indexes: ${Math.round(performance.now() - started)} ms`);
  if (triggers.length > 0) {
    started = performance.now();
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    await refillSqliteSearch(trx);
    log(`search index: ${Math.round(performance.now() - started)} ms`);
  }
  return result;
}
