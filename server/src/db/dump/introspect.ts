import { sql, type Kysely } from 'kysely';
import type { DatabaseType } from '../config';
import { dialectOf } from '../dialect';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE } from '../migrate';

/**
 * What a dump needs to know about the tables the migrations created, read from the database itself
 * (so a table added by a later migration is dumped without anyone listing it): columns in order
 * with a portable type, the primary key, and which tables each table refers to.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKysely = Kysely<any>;

/**
 * Portable column kinds. A dump stores values by kind, never a database's own types:
 * integer (JSON number; a decimal string beyond 2^53), real, decimal (string), text, boolean,
 * datetime (ISO 8601 string), blob ({"$base64": ...}), other (as the driver gives it).
 */
export type ColumnKind = 'integer' | 'real' | 'decimal' | 'text' | 'boolean' | 'datetime' | 'blob' | 'other';

export interface ColumnInfo {
  name: string;
  kind: ColumnKind;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary key columns in key order ([] when the table has none). */
  primaryKey: string[];
  /** Tables this one has foreign keys to (itself excluded). */
  references: string[];
}

/** Kysely's bookkeeping: never dumped, never restored (each database keeps its own). */
export const EXCLUDED_TABLES: readonly string[] = [MIGRATION_TABLE, MIGRATION_LOCK_TABLE];

/**
 * The full-text search index (migration 20261123090000_search_index): SQLite's FTS5 table and its
 * shadow tables, MySQL's search_doc. Derived from the posts by triggers, which rebuild it as a
 * restore inserts them: never dumped, never restored. (PostgreSQL's search_vector columns are
 * generated columns, left out with every generated column.)
 */
export function isDerivedTable(name: string): boolean {
  return name === 'search_fts' || name.startsWith('search_fts_') || name === 'search_doc';
}

function sqliteKind(declared: string): ColumnKind {
  // SQLite's type affinity rules (https://sqlite.org/datatype3.html, section 3.1), in their order.
  const t = declared.toLowerCase();
  if (t.includes('int')) return 'integer';
  if (/char|clob|text/.test(t)) return 'text';
  if (t === '' || t.includes('blob')) return 'blob';
  if (/real|floa|doub/.test(t)) return 'real';
  if (/bool/.test(t)) return 'boolean';
  if (/date|time/.test(t)) return 'datetime';
  return 'decimal';
}

function postgresKind(dataType: string): ColumnKind {
  const t = dataType.toLowerCase();
  if (['smallint', 'integer', 'bigint'].includes(t)) return 'integer';
  if (['real', 'double precision'].includes(t)) return 'real';
  if (t === 'numeric') return 'decimal';
  if (t === 'boolean') return 'boolean';
  if (['text', 'character varying', 'character', 'json', 'jsonb', 'uuid', 'citext'].includes(t)) return 'text';
  if (t.startsWith('timestamp') || t === 'date') return 'datetime';
  if (t === 'bytea') return 'blob';
  return 'other';
}

function mysqlKind(dataType: string): ColumnKind {
  const t = dataType.toLowerCase();
  if (['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint'].includes(t)) return 'integer';
  if (['float', 'double', 'real'].includes(t)) return 'real';
  if (['decimal', 'numeric'].includes(t)) return 'decimal';
  if (['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json', 'enum', 'set'].includes(t)) {
    return 'text';
  }
  if (['datetime', 'timestamp', 'date'].includes(t)) return 'datetime';
  if (['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob'].includes(t)) return 'blob';
  return 'other';
}

async function sqliteTables(db: AnyKysely): Promise<TableInfo[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'
    order by name`.execute(db);
  const result: TableInfo[] = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; type: string; pk: number; cid: number }>`
      select name, type, pk, cid from pragma_table_info(${name}) order by cid`.execute(db);
    const { rows: fks } = await sql<{ table: string }>`
      select "table" from pragma_foreign_key_list(${name})`.execute(db);
    result.push({
      name,
      columns: columns.map((c) => ({ name: c.name, kind: sqliteKind(c.type) })),
      primaryKey: columns
        .filter((c) => Number(c.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk))
        .map((c) => c.name),
      references: fks.map((f) => f.table),
    });
  }
  return result;
}

async function postgresTables(db: AnyKysely): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{ table: string; name: string; type: string }>`
    select table_name as "table", column_name as name, data_type as type
    from information_schema.columns c
    where table_schema = current_schema() and c.is_generated = 'NEVER'
      and exists (select 1 from information_schema.tables t where t.table_schema = c.table_schema
                  and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db);
  const { rows: keys } = await sql<{ table: string; name: string }>`
    select kcu.table_name as "table", kcu.column_name as name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
     and kcu.table_name = tc.table_name
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
    order by kcu.table_name, kcu.ordinal_position`.execute(db);
  const { rows: fks } = await sql<{ table: string; ref: string }>`
    select cl.relname as "table", rf.relname as ref
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class rf on rf.oid = c.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return assemble(
    columns.map((c) => ({ ...c, kind: postgresKind(c.type) })),
    keys,
    fks,
  );
}

async function mysqlTables(db: AnyKysely): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{ table: string; name: string; type: string }>`
    select c.table_name as \`table\`, c.column_name as name, c.data_type as type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = database() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const { rows: keys } = await sql<{ table: string; name: string }>`
    select table_name as \`table\`, column_name as name from information_schema.key_column_usage
    where table_schema = database() and constraint_name = 'PRIMARY'
    order by table_name, ordinal_position`.execute(db);
  const { rows: fks } = await sql<{ table: string; ref: string }>`
    select table_name as \`table\`, referenced_table_name as ref from information_schema.key_column_usage
    where table_schema = database() and referenced_table_name is not null
      and referenced_table_schema = database()`.execute(db);
  return assemble(
    columns.map((c) => ({ ...c, kind: mysqlKind(c.type) })),
    keys,
    fks,
  );
}

function assemble(
  columns: Array<{ table: string; name: string; kind: ColumnKind }>,
  keys: Array<{ table: string; name: string }>,
  fks: Array<{ table: string; ref: string }>,
): TableInfo[] {
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    let table = tables.get(c.table);
    if (!table) tables.set(c.table, (table = { name: c.table, columns: [], primaryKey: [], references: [] }));
    table.columns.push({ name: c.name, kind: c.kind });
  }
  for (const k of keys) tables.get(k.table)?.primaryKey.push(k.name);
  for (const f of fks) tables.get(f.table)?.references.push(f.ref);
  return [...tables.values()];
}

/**
 * Parents before children (a table after every table it refers to), ties by name; self-references
 * are ignored. A cycle between tables keeps the remaining ones in name order (restore then relies on
 * deferred checks where the database has them).
 */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  let remaining = [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (remaining.length) {
    const ready = remaining.filter((t) =>
      t.references.every((ref) => ref === t.name || done.has(ref) || !byName.has(ref)),
    );
    const next = ready.length ? ready : remaining;
    for (const t of next) {
      ordered.push(t);
      done.add(t.name);
    }
    remaining = remaining.filter((t) => !done.has(t.name));
  }
  return ordered;
}

/** The site's tables (Kysely's bookkeeping excluded), parents first. */
export async function siteTables(db: AnyKysely): Promise<TableInfo[]> {
  const dialect: DatabaseType = dialectOf(db);
  const all =
    dialect === 'sqlite3'
      ? await sqliteTables(db)
      : dialect === 'postgres'
        ? await postgresTables(db)
        : await mysqlTables(db);
  const unique = (list: string[]) => [...new Set(list)].sort();
  return dependencyOrder(
    all
      .filter((t) => !EXCLUDED_TABLES.includes(t.name) && !isDerivedTable(t.name))
      .map((t) => ({ ...t, references: unique(t.references).filter((r) => !EXCLUDED_TABLES.includes(r)) })),
  );
}
