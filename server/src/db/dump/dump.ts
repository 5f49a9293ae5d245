import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../database';
import {
  currentAppVersion,
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  encodeValue,
  type DumpHeader,
  type DumpTable,
  type DumpTableStart,
  type DumpTrailer,
  type DumpValue,
} from './format';
import { siteTables, type AnyKysely, type TableInfo } from './introspect';

/** Rows read per query (keyset pages along the primary key). */
const PAGE_SIZE = 1_000;

export interface DumpOptions {
  /** The migrations that have run on the database (the header records them). */
  migrations: string[];
  /** Called after each table with its row count. */
  onTable?: (table: string, rows: number) => void;
}

export interface DumpSummary {
  header: DumpHeader;
  rows: Record<string, number>;
}

/** A line writer over gzip into a file, with backpressure. */
function gzipLines(file: string) {
  const gzip = createGzip();
  // Password and token hashes are in there: only the owner may read a dump.
  const done = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  done.catch(() => undefined);
  return {
    async write(value: unknown): Promise<void> {
      if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
    },
    async end(): Promise<void> {
      gzip.end();
      await done;
    },
    abort(): void {
      gzip.destroy();
    },
  };
}

/** On SQLite integer columns are read as text so that values beyond 2^53 stay exact. */
function selection(table: TableInfo, sqlite: boolean) {
  return table.columns.map((column, i) => {
    const ref = sql.ref(column.name);
    const expr =
      sqlite && column.kind === 'integer'
        ? sql`case when typeof(${ref}) = 'integer' then cast(${ref} as text) else ${ref} end`
        : ref;
    return expr.as(`c${i}`);
  });
}

function keysetAfter(primaryKey: string[], last: DumpValue[]): Expression<SqlBool> {
  const values = last.map((v) => (v !== null && typeof v === 'object' ? Buffer.from(v.$base64, 'base64') : v));
  return sql<SqlBool>`(${sql.join(primaryKey.map((c) => sql.ref(c)))}) > (${sql.join(values)})`;
}

async function writeTable(
  trx: AnyKysely,
  table: TableInfo,
  sqlite: boolean,
  write: (row: DumpValue[]) => Promise<void>,
): Promise<number> {
  const pkIndexes = table.primaryKey.map((name) => table.columns.findIndex((c) => c.name === name));
  const order = table.primaryKey.length ? table.primaryKey : table.columns.map((c) => c.name);
  let count = 0;
  let last: DumpValue[] | null = null;
  for (;;) {
    let query = trx.selectFrom(table.name).select(selection(table, sqlite));
    if (table.primaryKey.length && last) query = query.where(keysetAfter(table.primaryKey, last));
    for (const column of order) query = query.orderBy(sql.ref(column));
    query = query.limit(PAGE_SIZE);
    if (!table.primaryKey.length) query = query.offset(count);
    const rows = (await query.execute()) as Array<Record<string, unknown>>;
    for (const raw of rows) {
      const row = table.columns.map((column, i) => encodeValue(raw[`c${i}`], column.kind));
      await write(row);
      last = pkIndexes.map((i) => row[i] ?? null);
    }
    count += rows.length;
    if (rows.length < PAGE_SIZE) return count;
  }
}

/**
 * Writes every table of the database (Kysely's bookkeeping excluded) to `file`, gzipped JSON Lines,
 * from one consistent snapshot (a read transaction: REPEATABLE READ on PostgreSQL and MySQL, a WAL
 * read snapshot on SQLite), so a running server may go on writing. The file appears only when
 * complete (written under a temporary name, then renamed), mode 0600.
 */
export async function writeDump(database: Database, file: string, options: DumpOptions): Promise<DumpSummary> {
  const db = database.db as unknown as AnyKysely;
  const tables = await siteTables(db);
  const header: DumpHeader = {
    format: DUMP_FORMAT,
    format_version: DUMP_FORMAT_VERSION,
    app_version: currentAppVersion(),
    created_at: new Date().toISOString(),
    source: database.type,
    migrations: options.migrations,
    tables: tables.map((t): DumpTable => ({
      name: t.name,
      columns: t.columns,
      primary_key: t.primaryKey,
      references: t.references,
    })),
  };
  const temp = `${file}.${process.pid}.tmp`;
  const out = gzipLines(temp);
  try {
    await out.write(header);
    const rows: Record<string, number> = {};
    const read = async (trx: AnyKysely) => {
      for (const table of tables) {
        await out.write({ table: table.name } satisfies DumpTableStart);
        rows[table.name] = await writeTable(trx, table, database.type === 'sqlite3', (row) => out.write(row));
        options.onTable?.(table.name, rows[table.name] ?? 0);
      }
    };
    if (database.type === 'sqlite3') await db.transaction().execute(read);
    else await db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
    await out.write({ end: true, rows } satisfies DumpTrailer);
    await out.end();
    renameSync(temp, file);
    return { header, rows };
  } catch (error) {
    out.abort();
    rmSync(temp, { force: true });
    throw error;
  }
}
