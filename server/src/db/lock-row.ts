import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { DB } from './schema';

/** Tables whose rows a writer locks before it reads the state it is about to change. */
export type LockableTable = 'question' | 'answer' | 'tag';

/**
 * Locks one row until the caller's transaction ends (SELECT ... FOR UPDATE), so that a second writer of
 * the same object waits and then reads what the first one committed. SQLite has no row locks: a write
 * transaction there is already exclusive.
 */
export async function lockRow(trx: Transaction<DB>, table: LockableTable, id: string): Promise<void> {
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'sqlite3') return;
  await trx
    .selectFrom(table as 'question')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .execute();
}
