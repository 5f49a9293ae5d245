import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Tables whose rows change state through `changeStatus`. */
export type StatefulTable = 'question' | 'answer' | 'comment' | 'tag';

/**
 * Sets `values` on the row only while its `column` still holds `from`: true when this statement
 * changed it (false: another request changed it first).
 */
export async function compareAndSet(
  trx: Transaction<DB>,
  table: StatefulTable,
  id: string,
  expected: { column: 'status' | 'pin' | 'show'; from: number },
  values: Record<string, number | null>,
): Promise<boolean> {
  const result = await trx
    .updateTable(table as 'question')
    .set(values as never)
    .where('id', '=', id)
    .where(expected.column as 'status', '=', expected.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
