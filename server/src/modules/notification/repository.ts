import type { Insertable, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';

/** Stores one notification row (its id from the `notification` counter), in the caller's transaction. */
export async function insertNotification(
  trx: Transaction<DB>,
  row: Omit<Insertable<DB['notification']>, 'id'>,
): Promise<number> {
  const id = await nextId(trx, 'notification');
  await trx
    .insertInto('notification')
    .values({ ...row, id })
    .execute();
  return id;
}

/** Of `ids`, the users that still exist (status not deleted). */
export async function liveUsers(trx: Transaction<DB>, ids: number[], deletedStatus: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('user')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', deletedStatus)
    .execute();
  return rows.map((r) => r.id);
}
