import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { ROLE, USER_STATUS } from '../accounts/mapping';
import { likePrefix } from './mapping';
import { LIST_USER_COLUMNS, type ListUserRow, type NewUploadRow, type ProfileChanges } from './table';

/** Every query of the profile module: members' own settings, the users lists, avatar uploads. */
type Db = Kysely<DB> | Transaction<DB>;

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member that is not deleted, by username key. */
export function findLiveUserByUsernameKey(db: Db, key: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .selectAll()
    .where('username_key', '=', key)
    .where('status', '!=', USER_STATUS.deleted)
    .executeTakeFirst();
}

/** Whether another account than `userId` holds this username key. */
export async function usernameKeyTaken(db: Db, key: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('username_key', '=', key)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return !!row;
}

export async function updateUser(
  db: Db,
  userId: number,
  patch: ProfileChanges & { language?: string; color_scheme?: string; updated_at: number },
): Promise<void> {
  await db.updateTable('user').set(patch).where('id', '=', userId).execute();
}

/** The path of an upload of this member for `source` at `path`, if there is one. */
export function findOwnUpload(
  db: Db,
  userId: number,
  source: string,
  path: string,
): Promise<{ path: string } | undefined> {
  return db
    .selectFrom('upload')
    .select('path')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('path', '=', path)
    .executeTakeFirst();
}

export async function insertUpload(db: Db, row: NewUploadRow): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

export function listNotificationConfigs(db: Db, userId: number): Promise<Array<{ source: string; channels: string }>> {
  return db
    .selectFrom('user_notification_config')
    .select(['source', 'channels'])
    .where('user_id', '=', userId)
    .execute();
}

/** Sets the channels of one notification source of a member; false when the member has no row for it yet. */
export async function updateNotificationConfig(
  db: Db,
  userId: number,
  source: string,
  patch: { channels: string; enabled: number; updated_at: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('user_notification_config')
    .set(patch)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function insertNotificationConfig(
  db: Db,
  row: {
    id: number;
    user_id: number;
    source: string;
    channels: string;
    enabled: number;
    created_at: number;
    updated_at: number;
  },
): Promise<void> {
  await db.insertInto('user_notification_config').values(row).execute();
}

function nameStartsWith(eb: ExpressionBuilder<DB, 'user'>, prefix: string) {
  const pattern = likePrefix(prefix);
  return eb.or([
    sql<boolean>`${eb.ref('user.username_key')} like ${pattern} escape '!'`,
    sql<boolean>`lower(${eb.ref('user.display_name')}) like ${pattern} escape '!'`,
  ]);
}

/** Available members whose username or display name starts with `prefix` (lower case), most reputation first. */
export function searchUsers(db: Db, prefix: string, limit: number): Promise<ListUserRow[]> {
  return db
    .selectFrom('user')
    .select(LIST_USER_COLUMNS)
    .where('user.status', '=', USER_STATUS.available)
    .where((eb) => nameStartsWith(eb, prefix))
    .orderBy('user.rank', 'desc')
    .orderBy('user.id')
    .limit(limit)
    .execute();
}

/** The available members with the most reputation. */
export function topByReputation(db: Db, limit: number): Promise<ListUserRow[]> {
  return db
    .selectFrom('user')
    .select(LIST_USER_COLUMNS)
    .where('user.status', '=', USER_STATUS.available)
    .orderBy('user.rank', 'desc')
    .orderBy('user.id')
    .limit(limit)
    .execute();
}

/** Available members by the number of their own votes (activities of these types) since `since`, most first. */
export async function topVoters(
  db: Db,
  voteTypes: number[],
  since: number,
  limit: number,
): Promise<Array<{ userId: number; votes: number }>> {
  const rows = await db
    .selectFrom('activity')
    .innerJoin('user', 'user.id', 'activity.user_id')
    .select((eb) => ['activity.user_id', eb.fn.countAll().as('votes')])
    .where('activity.activity_type', 'in', voteTypes)
    .where('activity.cancelled', '=', 0)
    .where('activity.trigger_user_id', '=', 0)
    .where('activity.created_at', '>=', since)
    .where('user.status', '=', USER_STATUS.available)
    .groupBy('activity.user_id')
    .orderBy('votes', 'desc')
    .orderBy('activity.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ userId: Number(r.user_id), votes: Number(r.votes) }));
}

export function listUsersByIds(db: Db, ids: number[]): Promise<ListUserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user')
    .select(LIST_USER_COLUMNS)
    .where('user.id', 'in', [...new Set(ids)])
    .execute();
}

/** Available admins and moderators (admins first), optionally by name prefix (lower case). */
export function staffRows(db: Db, prefix: string | undefined, limit: number): Promise<ListUserRow[]> {
  let query = db
    .selectFrom('user')
    .select(LIST_USER_COLUMNS)
    .where('user.status', '=', USER_STATUS.available)
    .where('user.role_id', 'in', [ROLE.admin, ROLE.moderator]);
  if (prefix) query = query.where((eb) => nameStartsWith(eb, prefix));
  return query.orderBy('user.role_id').orderBy('user.rank', 'desc').orderBy('user.id').limit(limit).execute();
}
