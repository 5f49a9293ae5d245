import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Database } from '../database';
import { alignCounters, alignDatabaseSequences } from './counters';
import {
  decodeValue,
  DumpFormatError,
  parseHeader,
  type DumpHeader,
  type DumpTable,
  type DumpTrailer,
  type DumpValue,
} from './format';
import { dependencyOrder, siteTables, type AnyKysely, type ColumnKind, type TableInfo } from './introspect';
import { refreshStatistics } from '../statistics';

/** Rows per INSERT, and a cap on their JSON size (MySQL's max_allowed_packet is often 16 MB). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 2_000_000;

export interface DumpReader {
  header: DumpHeader;
  /** The lines after the header, parsed. */
  lines(): AsyncGenerator<unknown>;
  close(): void;
}

function isGzip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** Opens a dump (gzipped, or plain JSON Lines) and reads its header. */
export async function openDump(file: string): Promise<DumpReader> {
  const raw = createReadStream(file);
  let failure: Error | undefined;
  const source: Readable = isGzip(file) ? raw.pipe(createGunzip()) : raw;
  for (const stream of new Set<Readable>([raw, source])) {
    stream.on('error', (error: Error) => {
      failure ??= error;
    });
  }
  const reader = createInterface({ input: source, crlfDelay: Infinity });
  const iterator = reader[Symbol.asyncIterator]();
  let lineNumber = 0;
  const next = async (): Promise<unknown | undefined> => {
    let result: IteratorResult<string>;
    try {
      result = await iterator.next();
    } catch (error) {
      throw new DumpFormatError(`Cannot read the dump (was the file cut short?): ${(error as Error).message}.`);
    }
    const { value, done } = result;
    if (done) {
      if (failure) throw new DumpFormatError(`Cannot read the dump: ${failure.message}`);
      return undefined;
    }
    lineNumber += 1;
    try {
      return JSON.parse(value);
    } catch {
      throw new DumpFormatError(
        lineNumber === 1
          ? 'This is not an Agora dump (its first line is not JSON).'
          : `Line ${lineNumber} of the dump is not JSON.`,
      );
    }
  };
  const close = () => {
    reader.close();
    raw.destroy();
  };
  let header: DumpHeader;
  try {
    const first = await next();
    if (first === undefined) throw new DumpFormatError('The dump is empty.');
    header = parseHeader(first);
  } catch (error) {
    close();
    throw error;
  }
  return {
    header,
    async *lines() {
      for (;;) {
        const line = await next();
        if (line === undefined) return;
        yield line;
      }
    },
    close,
  };
}

export interface LoadOptions {
  /** Called after each table with its row count. */
  onTable?: (table: string, rows: number) => void;
}

export interface LoadSummary {
  rows: Record<string, number>;
  /** Counter and sequence adjustments that were needed. */
  adjustments: string[];
  /** Tables of the target that the dump has no rows for (left empty). */
  notInDump: string[];
}

/** Row counts of the given tables. */
export async function rowCounts(db: AnyKysely, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The target's tables must hold every table and column of the dump. Returns the target's tables by name. */
function matchSchema(header: DumpHeader, target: TableInfo[]): Map<string, TableInfo> {
  const byName = new Map(target.map((t) => [t.name, t]));
  const problems: string[] = [];
  for (const table of header.tables) {
    const there = byName.get(table.name);
    if (!there) {
      problems.push(`table ${table.name} is missing`);
      continue;
    }
    const columns = new Set(there.columns.map((c) => c.name));
    for (const column of table.columns) {
      if (!columns.has(column.name)) problems.push(`column ${table.name}.${column.name} is missing`);
    }
  }
  if (problems.length) {
    throw new DumpFormatError(
      `The target database's schema does not fit the dump (${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; ...' : ''}).`,
    );
  }
  return byName;
}

/** True when the dump's table order does not put every parent before its children (cycles, self-references). */
function needsDeferredChecks(tables: DumpTable[]): boolean {
  const seen = new Set<string>();
  for (const table of tables) {
    if ((table.references ?? []).some((ref) => !seen.has(ref))) return true;
    seen.add(table.name);
  }
  return false;
}

/**
 * Loads a dump's rows into a database whose schema is at the dump's migration level: in one
 * transaction it empties every table of the dump (children first), inserts the rows table by table
 * in the dump's order (parents first) in multi-row batches, checks each table's count against the
 * dump's trailer, and brings the id counters and database sequences in line. Any failure rolls the
 * whole load back. The caller checks that the target may be overwritten.
 */
export async function loadDump(database: Database, dump: DumpReader, options: LoadOptions = {}): Promise<LoadSummary> {
  const db = database.db as unknown as AnyKysely;
  const { header } = dump;
  const target = await siteTables(db);
  const byName = matchSchema(header, target);
  const dumped = new Set(header.tables.map((t) => t.name));
  const deferred = needsDeferredChecks(header.tables);

  const summary = await db.transaction().execute(async (trx) => {
    if (deferred && database.type === 'sqlite3') await sql`pragma defer_foreign_keys = on`.execute(trx);
    if (deferred && database.type === 'mysql') await sql`set foreign_key_checks = 0`.execute(trx);
    try {
      const clearOrder = dependencyOrder(target.filter((t) => dumped.has(t.name))).reverse();
      for (const table of clearOrder) await trx.deleteFrom(table.name).execute();

      const rows: Record<string, number> = {};
      let current: { table: DumpTable; kinds: ColumnKind[] } | undefined;
      let batch: Record<string, unknown>[] = [];
      let batchChars = 0;
      let trailer: DumpTrailer | undefined;

      const flush = async () => {
        if (!current || batch.length === 0) return;
        await trx.insertInto(current.table.name).values(batch).execute();
        batch = [];
        batchChars = 0;
      };
      const finishTable = async () => {
        if (!current) return;
        await flush();
        options.onTable?.(current.table.name, rows[current.table.name] ?? 0);
      };

      for await (const line of dump.lines()) {
        if (trailer) throw new DumpFormatError('The dump has lines after its end line.');
        if (Array.isArray(line)) {
          if (!current) throw new DumpFormatError('The dump has a row before any table line.');
          const { table, kinds } = current;
          if (line.length !== table.columns.length) {
            throw new DumpFormatError(
              `A row of ${table.name} has ${line.length} values for ${table.columns.length} columns.`,
            );
          }
          const row: Record<string, unknown> = {};
          table.columns.forEach((column, i) => {
            row[column.name] = decodeValue(line[i] as DumpValue, kinds[i] ?? column.kind, database.type);
          });
          batch.push(row);
          batchChars += JSON.stringify(line).length;
          rows[table.name] = (rows[table.name] ?? 0) + 1;
          if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
          continue;
        }
        const object = line as Partial<{ table: string } & DumpTrailer> | null;
        if (object && typeof object.table === 'string') {
          await finishTable();
          const table = header.tables.find((t) => t.name === object.table);
          if (!table)
            throw new DumpFormatError(`The dump has rows for ${object.table}, which its header does not list.`);
          if (object.table in rows) throw new DumpFormatError(`The dump has ${object.table} twice.`);
          const there = byName.get(table.name)!;
          const kinds = table.columns.map((c) => there.columns.find((t) => t.name === c.name)?.kind ?? c.kind);
          current = { table, kinds };
          rows[table.name] = 0;
          continue;
        }
        if (object && object.end === true && object.rows && typeof object.rows === 'object') {
          await finishTable();
          current = undefined;
          trailer = object as DumpTrailer;
          continue;
        }
        throw new DumpFormatError('The dump has a line that is neither a table, a row nor the end.');
      }
      if (!trailer) throw new DumpFormatError('The dump is incomplete (no end line): was the file cut short?');
      for (const table of header.tables) {
        const expected = trailer.rows[table.name] ?? 0;
        if ((rows[table.name] ?? 0) !== expected) {
          throw new DumpFormatError(
            `The dump's end line counts ${expected} rows of ${table.name}, but ${rows[table.name] ?? 0} were read.`,
          );
        }
      }
      const loaded = await rowCounts(
        trx,
        header.tables.map((t) => t.name),
      );
      for (const table of header.tables) {
        if (loaded[table.name] !== rows[table.name]) {
          throw new Error(`${table.name} holds ${loaded[table.name]} rows after loading ${rows[table.name]}.`);
        }
      }
      const adjustments = [
        ...(await alignCounters(trx, target)),
        ...(await alignDatabaseSequences(trx, database.type)),
      ];
      return { rows, adjustments, notInDump: target.filter((t) => !dumped.has(t.name)).map((t) => t.name) };
    } finally {
      if (deferred && database.type === 'mysql') await sql`set foreign_key_checks = 1`.execute(trx);
    }
  });
  // Every table was replaced: the planner's statistics describe what was there before.
  await refreshStatistics(database.db);
  return summary;
}
