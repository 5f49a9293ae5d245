import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Helpers that keep migrations re-runnable on all three databases. MySQL cannot roll DDL back, so a
 * migration interrupted half-way there must be able to run again over what it already created:
 * tables use IF NOT EXISTS, indexes go through ensureIndex, seed rows through insertMissing.
 */

// Migrations work on the database as it was then, not on today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** MySQL tables: InnoDB, utf8mb4 (4-byte characters), binary collation so that comparisons and
 * unique keys behave as on SQLite and PostgreSQL (case-folding is done by the app). */
export function tableOptions(db: AnyDb) {
  return <T extends string, C extends string>(builder: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> =>
    dialectOf(db) === 'mysql'
      ? builder.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`)
      : builder;
}

export interface IndexSpec {
  name: string;
  table: string;
  columns: string[];
  unique?: boolean;
}

async function mysqlIndexExists(db: AnyDb, table: string, name: string): Promise<boolean> {
  const result = await sql<{ n: number }>`
    select count(*) as n from information_schema.statistics
    where table_schema = database() and table_name = ${table} and index_name = ${name}`.execute(db);
  return Number(result.rows[0]?.n ?? 0) > 0;
}

/** CREATE [UNIQUE] INDEX unless it exists (MySQL has no IF NOT EXISTS for indexes). */
export async function ensureIndex(db: AnyDb, spec: IndexSpec): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'mysql' && (await mysqlIndexExists(db, spec.table, spec.name))) return;
  let builder = db.schema.createIndex(spec.name).on(spec.table).columns(spec.columns);
  if (spec.unique) builder = builder.unique();
  if (dialect !== 'mysql') builder = builder.ifNotExists();
  await builder.execute();
}

/**
 * Whether `table` in the connection's own schema has `column`. PostgreSQL's introspection lists the
 * tables of every schema, and two sites may share one database in schemas of their own: only the
 * current schema counts, or a column another site's schema has would be skipped here.
 */
export async function hasColumn(db: AnyDb, table: string, column: string): Promise<boolean> {
  const schema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  const tables = await db.introspection.getTables();
  return tables.some(
    (t) =>
      t.name === table && (schema === undefined || t.schema === schema) && t.columns.some((c) => c.name === column),
  );
}

/** Inserts the rows whose key column value is not in the table yet. */
export async function insertMissing<R extends Record<string, unknown>>(
  db: AnyDb,
  table: string,
  key: keyof R & string,
  rows: R[],
): Promise<void> {
  if (rows.length === 0) return;
  const existing = new Set(
    (await db.selectFrom(table).select(key).execute()).map((r: Record<string, unknown>) => String(r[key])),
  );
  const missing = rows.filter((r) => !existing.has(String(r[key])));
  if (missing.length) await db.insertInto(table).values(missing).execute();
}

/**
 * Config rows a migration adds: only on an installed site (one that has config rows; a site installed
 * later gets them from the installer), re-runnable.
 */
export async function addConfigRowsIfInstalled(
  db: AnyDb,
  rows: ReadonlyArray<{ id: number; key: string; value: string }>,
): Promise<void> {
  const installed = await db.selectFrom('config').select('id').limit(1).execute();
  if (installed.length) await insertMissing(db, 'config', 'key', [...rows]);
}

/** The `down` of `addConfigRowsIfInstalled`. */
export async function removeConfigRows(db: AnyDb, rows: ReadonlyArray<{ key: string }>): Promise<void> {
  await db
    .deleteFrom('config')
    .where(
      'key',
      'in',
      rows.map((r) => r.key),
    )
    .execute();
}
