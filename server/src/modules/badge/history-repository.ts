import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { BADGE_STATUS } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

const DELETED = 10;

/** The active badges, or those of `ids` (the backfill's scope). */
export function activeBadges(db: Executor, ids: string[]) {
  let query = db.selectFrom('badge').selectAll().where('status', '=', BADGE_STATUS.active);
  if (ids.length) query = query.where('id', 'in', ids);
  return query.orderBy('id').execute();
}

/** Members who are not deleted. */
export async function countMembers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '!=', DELETED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` members (not deleted) after id `after`, by id. */
export async function membersAfter(db: Executor, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('status', '!=', DELETED)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** How many distinct posts a member has active activities of these config keys on. */
export async function countActivities(db: Executor, userId: number, keys: string[]): Promise<number> {
  const row = await db
    .selectFrom('activity')
    .innerJoin('config', 'config.id', 'activity.activity_type')
    .select((eb) => eb.fn.count('activity.object_id').distinct().as('n'))
    .where('activity.user_id', '=', userId)
    .where('config.key', 'in', keys)
    .where('activity.cancelled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the member has a row in `table` (flags, bookmarks). */
export async function hasRow(db: Executor, table: 'report' | 'collection', userId: number): Promise<boolean> {
  const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', userId).limit(1).execute();
  return rows.length > 0;
}

/** A member's posts (not deleted) whose score or views reach `min`. */
export async function postsReaching(
  db: Executor,
  type: 'question' | 'answer',
  column: 'vote_count' | 'view_count',
  userId: number,
  min: number,
): Promise<string[]> {
  const rows =
    type === 'question'
      ? await db
          .selectFrom('question')
          .select('id')
          .where('user_id', '=', userId)
          .where(column, '>=', min)
          .where('status', '!=', DELETED)
          .execute()
      : await db
          .selectFrom('answer')
          .select('id')
          .where('user_id', '=', userId)
          .where('vote_count', '>=', min)
          .where('status', '!=', DELETED)
          .execute();
  return rows.map((r) => String(r.id));
}
