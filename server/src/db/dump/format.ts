import { readFileSync } from 'node:fs';
import type { DatabaseType } from '../config';
import type { ColumnKind } from './introspect';

/**
 * The dump format (see README.md): JSON Lines, gzipped. Line 1 is the header; then, per table in
 * the header's order, a `{"table": name}` line followed by one JSON array per row (values in the
 * header's column order); the last line is the trailer `{"end": true, "rows": {table: count}}`.
 */
export const DUMP_FORMAT = 'agora-dump';
export const DUMP_FORMAT_VERSION = 1;

export interface DumpTable {
  name: string;
  columns: Array<{ name: string; kind: ColumnKind }>;
  primary_key: string[];
  /** Tables it refers to (restore loads those first). */
  references: string[];
}

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  format_version: number;
  app_version: string;
  /** ISO 8601. */
  created_at: string;
  /** The database the dump was read from (information only: a dump restores into any kind). */
  source: DatabaseType;
  /** Migrations that had run on the source, in order: the schema the rows fit. */
  migrations: string[];
  tables: DumpTable[];
}

export interface DumpTableStart {
  table: string;
}

export interface DumpTrailer {
  end: true;
  rows: Record<string, number>;
}

/** A value in a dump: JSON scalars, or an object for bytes. */
export type DumpValue = null | boolean | number | string | { $base64: string };

let appVersion: string | undefined;

/** The server package's version (what wrote a dump). */
export function currentAppVersion(): string {
  appVersion ??= String(
    (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string })
      .version ?? '0.0.0',
  );
  return appVersion;
}

const INTEGER_TEXT = /^-?\d+$/;

/**
 * A value as read from any of the three drivers -> its dump form. Integers stay JSON numbers while
 * exact, else become their decimal string (drivers give big BIGINTs as strings; SQLite integer
 * columns are read as text for that reason, see dump.ts). Dates become ISO strings, bytes base64,
 * parsed JSON (PostgreSQL json columns) its text.
 */
export function encodeValue(value: unknown, kind: ColumnKind): DumpValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return value;
  }
  if (typeof value === 'string') {
    if (kind === 'integer' && INTEGER_TEXT.test(value)) {
      const n = Number(value);
      return Number.isSafeInteger(n) ? n : value;
    }
    return value;
  }
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  return JSON.stringify(value);
}

/**
 * A dump value -> what the target database's driver takes for a column of `kind` (the target's
 * kind: SQLite and MySQL store booleans as integers, PostgreSQL has a boolean type).
 */
export function decodeValue(value: DumpValue, kind: ColumnKind, target: DatabaseType): unknown {
  if (value === null) return null;
  if (typeof value === 'object') return Buffer.from(value.$base64, 'base64');
  switch (kind) {
    case 'integer':
      if (typeof value === 'boolean') return value ? 1 : 0;
      return value;
    case 'boolean':
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string') return /^(1|t|true)$/i.test(value);
      return value;
    case 'datetime':
      if (typeof value === 'string' && target !== 'sqlite3') {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date;
      }
      return value;
    default:
      return value;
  }
}

export class DumpFormatError extends Error {
  override readonly name = 'DumpFormatError';
}

/** Checks a parsed first line: a header this version can read. */
export function parseHeader(json: unknown): DumpHeader {
  const h = json as Partial<DumpHeader> | null;
  if (!h || typeof h !== 'object' || h.format !== DUMP_FORMAT) {
    throw new DumpFormatError('This is not an Agora dump (no "agora-dump" header on the first line).');
  }
  if (typeof h.format_version !== 'number' || h.format_version > DUMP_FORMAT_VERSION) {
    throw new DumpFormatError(
      `The dump has format version ${String(h.format_version)}; this Agora reads up to ${DUMP_FORMAT_VERSION}. ` +
        'Restore it with the version that made it, or a newer one.',
    );
  }
  if (!Array.isArray(h.migrations) || !h.migrations.every((m) => typeof m === 'string') || !h.migrations.length) {
    throw new DumpFormatError('The dump header has no migration list.');
  }
  if (!Array.isArray(h.tables) || !h.tables.every((t) => t && typeof t.name === 'string' && Array.isArray(t.columns))) {
    throw new DumpFormatError('The dump header has no valid table list.');
  }
  return h as DumpHeader;
}
