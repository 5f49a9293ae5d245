import type { Transaction } from 'kysely';
import type { DB } from './schema';

/** Tables whose rows move from one state to another under compare-and-set. */
export type StateTable = 'question' | 'answer' | 'comment' | 'tag' | 'report' | 'review' | 'revision';

/**
 * Sets `values` on the row `id` of `table` only while its `column` still holds `from`: true when this
 * statement changed it, false when another request changed it first. The one way concurrent reviews,
 * flags and status changes resolve exactly once (the loser sees false and reports 'already reviewed').
 */
export async function compareAndSet(
  trx: Transaction<DB>,
  table: StateTable,
  id: string | number,
  expected: { column: 'status' | 'pin' | 'show'; from: number },
  values: Record<string, number | string | null>,
): Promise<boolean> {
  const result = await trx
    .updateTable(table as 'question')
    .set(values as never)
    .where('id', '=', id as string)
    .where(expected.column as 'status', '=', expected.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
