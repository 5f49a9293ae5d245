import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { NOTIFICATION } from './inbox';

/** The queries behind the notification lists, their read marks and the unread dots. */

const ENTRY_COLUMNS = ['id', 'object_id', 'content', 'msg_type', 'is_read', 'updated_at'] as const;

/** A member's live entries of one type (and, for the inbox, one msg_type). */
function entries(db: Kysely<DB>, userId: number, type: number, msgType: number | null) {
  let query = db
    .selectFrom('notification')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('status', '=', NOTIFICATION.normal);
  if (msgType !== null) query = query.where('msg_type', '=', msgType);
  return query;
}

/** One page of a member's entries, newest change first. */
export function selectEntryPage(
  db: Kysely<DB>,
  userId: number,
  type: number,
  msgType: number | null,
  page: { offset: number; limit: number },
) {
  return entries(db, userId, type, msgType)
    .select(ENTRY_COLUMNS)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countEntries(db: Kysely<DB>, userId: number, type: number, msgType: number | null) {
  const row = await entries(db, userId, type, msgType)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The users an entry may name (who caused it). */
export function selectUsers(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'avatar', 'rank', 'status', 'mail_status'])
    .where('id', 'in', ids)
    .execute();
}

/** Marks one of the member's own live entries read; false when it is not theirs or does not exist. */
export async function markRead(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const own = await db
    .selectFrom('notification')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', NOTIFICATION.normal)
    .executeTakeFirst();
  if (!own) return false;
  await db.updateTable('notification').set({ is_read: NOTIFICATION.read }).where('id', '=', id).execute();
  return true;
}

/** Marks every unread entry of the member's list read. */
export async function markAllRead(db: Kysely<DB>, userId: number, type: number): Promise<void> {
  await db
    .updateTable('notification')
    .set({ is_read: NOTIFICATION.read })
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('is_read', '=', NOTIFICATION.unread)
    .execute();
}

/** How many unread live entries of the list changed after `since` (Unix ms). */
export async function countUnreadSince(db: Kysely<DB>, userId: number, type: number, since: number) {
  const row = await entries(db, userId, type, null)
    .where('is_read', '=', NOTIFICATION.unread)
    .where('updated_at', '>', since)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** When the member last opened each list, by type. */
export async function selectSeen(db: Kysely<DB>, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('notification_seen')
    .select(['type', 'seen_at'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [Number(r.type), Number(r.seen_at)]));
}

/** Records that the member opened a list at `now` (one row per member and list, on every database). */
export async function upsertSeen(db: Kysely<DB>, userId: number, type: number, now: number): Promise<void> {
  const update = () =>
    db
      .updateTable('notification_seen')
      .set({ seen_at: now })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .executeTakeFirst();
  if (Number((await update()).numUpdatedRows) > 0) return;
  try {
    await db.insertInto('notification_seen').values({ user_id: userId, type, seen_at: now }).execute();
  } catch (error) {
    // Another process inserted the row meanwhile: ours is the later visit.
    if (!isUniqueViolation(error)) throw error;
    await update();
  }
}

/** The member's oldest unread badge award entry, if any. */
export function selectOldestUnreadAward(db: Kysely<DB>, userId: number) {
  return entries(db, userId, NOTIFICATION.type.achievement, null)
    .select(['id', 'content'])
    .where('is_read', '=', NOTIFICATION.unread)
    .where('content', 'like', '%"notification_action":"earned_badge"%')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}
