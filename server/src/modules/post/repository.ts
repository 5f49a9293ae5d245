import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Tables whose rows change state through `changeStatus`. */
export type StatefulTable = 'question' | 'answer' | 'comment' | 'tag';

// Status changes of posts and tags use the one compare-and-set of the database layer.
export { compareAndSet } from '../../db/compare-and-set';

/** The author of a question or answer (undefined when the row is gone). */
export async function authorOf(trx: Transaction<DB> | Kysely<DB>, table: 'question' | 'answer', id: string) {
  const row = await trx
    .selectFrom(table as 'question')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}
