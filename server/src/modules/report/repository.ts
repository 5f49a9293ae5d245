import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { REPORT_STATUS, type NewReportRow } from './table';

/** Every query of the report module. */
type Db = Kysely<DB> | Transaction<DB>;

/** Whether the member holds a pending report on the object. */
export async function hasPendingReport(db: Db, userId: number, objectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('report')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirst();
  return !!row;
}

export async function insertReport(db: Db, row: NewReportRow): Promise<void> {
  await db.insertInto('report').values(row).execute();
}

/** How many flags wait for review (one COUNT on the status index). */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('report')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
