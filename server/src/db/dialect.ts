import { MysqlAdapter, PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';
import type { DatabaseType } from './config';

/** Which database a Kysely instance (or transaction) talks to. */
export function dialectOf(db: Kysely<unknown>): DatabaseType {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite3';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  throw new Error(`Unsupported database adapter ${adapter.constructor.name}`);
}

/**
 * A unique or primary-key violation, in any of the three drivers: SQLITE_CONSTRAINT_UNIQUE /
 * _PRIMARYKEY, PostgreSQL 23505, MySQL ER_DUP_ENTRY (1062).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e.code === '23505' ||
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062
  );
}
