import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { DB } from './schema';

/** PostgreSQL deadlock / serialization failure, MySQL deadlock / lock wait timeout, SQLite busy. */
export function isRetryableConflict(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.code === '40P01' ||
    e.code === '40001' ||
    e.errno === 1213 ||
    e.errno === 1205 ||
    e.code === 'ER_LOCK_DEADLOCK' ||
    e.code === 'ER_LOCK_WAIT_TIMEOUT' ||
    e.code === 'SQLITE_BUSY'
  );
}

/**
 * Runs `work` in a READ COMMITTED transaction (PostgreSQL's default; on MySQL it makes each statement
 * read what was committed before it, not a snapshot from the transaction's first read), retrying a
 * few times when the database picked it as a deadlock victim.
 */
export async function writeTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const sqlite = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite3';
  for (let attempt = 1; ; attempt++) {
    try {
      const builder = db.transaction();
      return await (sqlite ? builder : builder.setIsolationLevel('read committed')).execute(work);
    } catch (error) {
      if (attempt >= 5 || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
