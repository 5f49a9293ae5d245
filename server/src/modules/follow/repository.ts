import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { STAFF_ROLE_IDS } from '../post/table';
import { TAG_AVAILABLE, TAG_COLUMNS, type FollowableType } from './table';

/** Every query of the follow module. */
type Db = Kysely<DB> | Transaction<DB>;

/** An available tag's id and main tag. */
export function findAvailableTag(db: Db, tagId: string) {
  return db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('id', '=', tagId)
    .where('status', '=', TAG_AVAILABLE)
    .executeTakeFirst();
}

export function availableTagsBySlug(db: Db, slugs: string[]) {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('slug_name', 'in', slugs)
    .where('status', '=', TAG_AVAILABLE)
    .execute();
}

/** The available tags of these ids, with what the following-tags list shows. */
export function availableTagsById(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tag').select(TAG_COLUMNS).where('id', 'in', ids).where('status', '=', TAG_AVAILABLE).execute();
}

/** Moves a question's or tag's follower count by `delta` (0 locks its row). */
export async function addFollowCount(db: Db, type: FollowableType, id: string, delta: number): Promise<void> {
  if (type === 'question') {
    await db
      .updateTable('question')
      .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
      .where('id', '=', id)
      .execute();
  } else {
    await db
      .updateTable('tag')
      .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function followCount(db: Db, type: FollowableType, id: string): Promise<number> {
  const row =
    type === 'question'
      ? await db.selectFrom('question').select('follow_count').where('id', '=', id).executeTakeFirstOrThrow()
      : await db.selectFrom('tag').select('follow_count').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.follow_count);
}

/** The id of the user's live follow activity (of `typeId`) on the object, if any. */
export async function heldFollow(db: Db, userId: number, objectId: string, typeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('object_id', '=', objectId)
    .where('user_id', '=', userId)
    .where('activity_type', '=', typeId)
    .where('cancelled', '=', 0)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The objects the user follows with live activities of `typeId`. */
export async function followedObjectIds(db: Db, userId: number, typeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', typeId)
    .where('cancelled', '=', 0)
    .execute();
  return rows.map((r) => r.object_id);
}

/** The members with a live follow activity (of `typeId`) on the object; `staffOnly`: moderators and admins. */
export async function followerIds(db: Db, objectId: string, typeId: number, staffOnly: boolean): Promise<number[]> {
  let query = db
    .selectFrom('activity')
    .innerJoin('user', 'user.id', 'activity.user_id')
    .select('activity.user_id')
    .where('activity.object_id', '=', objectId)
    .where('activity.activity_type', '=', typeId)
    .where('activity.cancelled', '=', 0);
  if (staffOnly) query = query.where('user.role_id', 'in', [...STAFF_ROLE_IDS]);
  const rows = await query.execute();
  return [...new Set(rows.map((r) => Number(r.user_id)))];
}

/** The members with a live follow activity (of `typeId`) on any of these objects. */
export async function followersOfAny(db: Db, objectIds: string[], typeId: number): Promise<number[]> {
  if (objectIds.length === 0) return [];
  const rows = await db
    .selectFrom('activity')
    .select('user_id')
    .distinct()
    .where('object_id', 'in', objectIds)
    .where('activity_type', '=', typeId)
    .where('cancelled', '=', 0)
    .execute();
  return rows.map((r) => Number(r.user_id));
}
