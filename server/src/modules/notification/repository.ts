import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
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

/**
 * Stores a row unless the member already has one with the same `once_key` (the unique index on
 * user_id + once_key decides, also against a concurrent transaction): true when it was stored. The
 * duplicate is skipped by the insert itself (ON CONFLICT DO NOTHING; on MySQL a no-op ON DUPLICATE KEY
 * UPDATE), never by catching an error, which would abort a PostgreSQL transaction.
 */
export async function insertNotificationOnce(
  trx: Transaction<DB>,
  row: Omit<Insertable<DB['notification']>, 'id'> & { once_key: string },
): Promise<boolean> {
  const id = await nextId(trx, 'notification');
  const insert = trx.insertInto('notification').values({ ...row, id });
  const mysql = dialectOf(trx as unknown as Kysely<unknown>) === 'mysql';
  await (
    mysql
      ? insert.onDuplicateKeyUpdate({ once_key: sql<string>`once_key` })
      : insert.onConflict((oc) => oc.columns(['user_id', 'once_key']).doNothing())
  ).execute();
  // Affected-row counts differ between drivers (MySQL's found rows); the row itself tells.
  const stored = await trx.selectFrom('notification').select('id').where('id', '=', id).executeTakeFirst();
  return stored !== undefined;
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

/**
 * Of `ids`, the users that may receive notices at `now`: not deleted, and not suspended unless the
 * suspension has run out.
 */
export async function reachableUsers(
  trx: Transaction<DB>,
  ids: number[],
  status: { suspended: number; deleted: number },
  now: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('user')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', status.deleted)
    .where((eb) =>
      eb.or([
        eb('status', '!=', status.suspended),
        eb.and([eb('suspended_until', 'is not', null), eb('suspended_until', '<=', now)]),
      ]),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}
