import { sql, type Kysely, type Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB, NewUserRow, UserRow, UserUpdate } from '../../db/schema';
import type { NewUserNotificationConfigRow } from '../accounts/table';
import { likeEscape } from '../../lib/like';
import { MAIL_STATUS, ROLE, USER_STATUS } from '../accounts/table';
import type { AdminUserFilter } from './table';

/** Every read and write of the admin user management, as plain functions over a database or a transaction. */
type Db = Kysely<DB> | Transaction<DB>;

/** The user list's query: search, status and staff filters (no status: every account not deleted). */
function userQuery(db: Db, filter: AdminUserFilter) {
  let query = db.selectFrom('user');
  switch (filter.status) {
    case 'normal':
      query = query.where('status', '=', USER_STATUS.available).where('mail_status', '=', MAIL_STATUS.verified);
      break;
    case 'inactive':
      query = query.where('status', '=', USER_STATUS.available).where('mail_status', '=', MAIL_STATUS.toBeVerified);
      break;
    case 'suspended':
      query = query.where('status', '=', USER_STATUS.suspended);
      break;
    case 'deleted':
      query = query.where('status', '=', USER_STATUS.deleted);
      break;
    default:
      query = query.where('status', '<>', USER_STATUS.deleted);
  }
  if (filter.staff) query = query.where('role_id', 'in', [ROLE.admin, ROLE.moderator]);
  const text = filter.query?.trim().toLowerCase();
  if (text) {
    const pattern = `%${likeEscape(text)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('display_name')}) like ${pattern} escape '!'`,
        sql<boolean>`${eb.ref('username_key')} like ${pattern} escape '!'`,
        sql<boolean>`${eb.ref('e_mail_key')} like ${pattern} escape '!'`,
      ]),
    );
  }
  return query;
}

export async function countUsers(db: Db, filter: AdminUserFilter): Promise<number> {
  const row = await userQuery(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the list, newest accounts first. */
export function listUsers(db: Db, filter: AdminUserFilter, page: { offset: number; limit: number }) {
  return userQuery(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The users holding any of these address keys. */
export async function takenEmailKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  // Chunks keep the IN list within every database's parameter limit.
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('user')
      .select('e_mail_key')
      .where('e_mail_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) taken.add(row.e_mail_key);
  }
  return taken;
}

/** The usernames in use that start with one of these stems (to make new usernames unique). */
export async function usernameKeysLike(db: Db, stems: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const stem of [...new Set(stems)]) {
    const rows = await db
      .selectFrom('user')
      .select('username_key')
      .where(sql<boolean>`username_key like ${`${likeEscape(stem)}%`} escape '!'`)
      .execute();
    for (const row of rows) taken.add(row.username_key);
  }
  return taken;
}

export function findUserByEmailKey(db: Db, key: string): Promise<Pick<UserRow, 'id'> | undefined> {
  return db.selectFrom('user').select('id').where('e_mail_key', '=', key).executeTakeFirst();
}

export function findUserByUsernameKey(db: Db, key: string): Promise<Pick<UserRow, 'id'> | undefined> {
  return db.selectFrom('user').select('id').where('username_key', '=', key).executeTakeFirst();
}

/** Config row ids of activity keys. */
export async function configIds(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('config')
    .select(['id', 'key'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.id)]));
}

/** One staff action on an account: an activity of the member triggered by the administrator. */
export async function insertStaffAction(
  trx: Transaction<DB>,
  action: { userId: number; operatorId: number; typeId: number; now: number },
): Promise<void> {
  await trx
    .insertInto('activity')
    .values({
      id: await nextId(trx, 'activity'),
      user_id: action.userId,
      trigger_user_id: action.operatorId,
      object_id: String(action.userId),
      original_object_id: String(action.userId),
      activity_type: action.typeId,
      cancelled: 0,
      cancelled_at: null,
      rank: 0,
      has_rank: 0,
      revision_id: null,
      created_at: action.now,
      updated_at: action.now,
    })
    .execute();
}

/** The member's action log: what they did themselves, and the staff actions (these types) on them. */
function actionQuery(db: Db, userId: number, staffTypes: number[]) {
  return db
    .selectFrom('activity')
    .where('activity.user_id', '=', userId)
    .where('activity.cancelled', '=', 0)
    .where((eb) =>
      staffTypes.length
        ? eb.or([eb('activity.trigger_user_id', '=', 0), eb('activity.activity_type', 'in', staffTypes)])
        : eb('activity.trigger_user_id', '=', 0),
    );
}

export async function countActions(db: Db, userId: number, staffTypes: number[]): Promise<number> {
  const row = await actionQuery(db, userId, staffTypes)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the log, newest first, with the activity key, the question's title or the tag's name. */
export function listActions(db: Db, userId: number, staffTypes: number[], page: { offset: number; limit: number }) {
  return actionQuery(db, userId, staffTypes)
    .leftJoin('config', 'config.id', 'activity.activity_type')
    .leftJoin('question', 'question.id', 'activity.original_object_id')
    .leftJoin('tag', 'tag.id', 'activity.object_id')
    .leftJoin('user as operator', 'operator.id', 'activity.trigger_user_id')
    .select([
      'activity.id',
      'activity.object_id',
      'activity.original_object_id',
      'activity.trigger_user_id',
      'activity.created_at',
      'config.key as key',
      'question.title as question_title',
      'question.status as question_status',
      'tag.slug_name as tag_slug',
      'tag.status as tag_status',
      'operator.username as operator_username',
      'operator.display_name as operator_display_name',
    ])
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ActionRow = Awaited<ReturnType<typeof listActions>>[number];

/** The statuses of these answers and comments (a log entry links to a post only while it is there). */
export async function postStatuses(db: Db, table: 'answer' | 'comment', ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, Number(r.status)]));
}

/** The member's posts not deleted yet: questions, answers (available or queued) and available comments. */
export async function livePostIds(db: Db, userId: number) {
  const [questions, answers, comments] = await Promise.all([
    db.selectFrom('question').select('id').where('user_id', '=', userId).where('status', '<>', 10).execute(),
    db.selectFrom('answer').select('id').where('user_id', '=', userId).where('status', '<>', 10).execute(),
    db.selectFrom('comment').select('id').where('user_id', '=', userId).where('status', '=', 1).execute(),
  ]);
  return {
    questions: questions.map((r) => r.id),
    answers: answers.map((r) => r.id),
    comments: comments.map((r) => r.id),
  };
}

/** PUT user/profile's columns. */
export async function updateProfile(
  trx: Transaction<DB>,
  id: number,
  patch: Pick<UserUpdate, 'display_name' | 'username' | 'username_key' | 'e_mail' | 'e_mail_key' | 'updated_at'>,
): Promise<void> {
  await trx.updateTable('user').set(patch).where('id', '=', id).execute();
}

/** Accounts made by an administrator (bulk), with their inbox-by-e-mail notification rows. */
export async function insertMembers(
  trx: Transaction<DB>,
  users: NewUserRow[],
  configs: NewUserNotificationConfigRow[],
): Promise<void> {
  for (let i = 0; i < users.length; i += 200)
    await trx
      .insertInto('user')
      .values(users.slice(i, i + 200))
      .execute();
  for (let i = 0; i < configs.length; i += 200)
    await trx
      .insertInto('user_notification_config')
      .values(configs.slice(i, i + 200))
      .execute();
}
