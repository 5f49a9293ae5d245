import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type {
  AccountTokenRow,
  NewAccountTokenRow,
  NewUserNotificationConfigRow,
  NewUserRow,
  SessionRow,
  UserNotificationConfigRow,
  UserRow,
  UserUpdate,
} from './table';

/**
 * Every query of the accounts module (users, sessions, e-mailed tokens, a user's notification
 * settings): plain functions over a database or a transaction.
 */
type Db = Kysely<DB> | Transaction<DB>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailKey(db: Db, key: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('e_mail_key', '=', key).executeTakeFirst();
}

export function findUserByUsernameKey(db: Db, key: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('username_key', '=', key).executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('user').values(row).execute();
}

export async function updateUser(db: Db, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('user').set(patch).where('id', '=', id).execute();
}

/**
 * Counts a day in the member's visit_days unless it is the last day counted already (one conditional
 * UPDATE); visit_streak grows when the last day counted was the day before, else starts again at 1.
 * True when the day was counted.
 */
export async function countVisitDay(db: Db, id: number, day: string): Promise<boolean> {
  const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const result = await db
    .updateTable('user')
    .set((eb) => ({
      visit_days: eb('visit_days', '+', 1),
      visit_streak: eb
        .case()
        .when('last_visit_day', '=', yesterday)
        .then(eb('visit_streak', '+', 1))
        .else(1)
        .end(),
      last_visit_day: day,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_visit_day', 'is', null), eb('last_visit_day', '<>', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('session').values(row).execute();
}

/** A session that is neither revoked nor expired at `now`, with its user. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('session')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await findUserById(db, session.user_id);
  return user ? { session, user } : undefined;
}

/** A session by its token hash, live or ended, with its user. */
export async function findAnySession(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db.selectFrom('session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!session) return undefined;
  const user = await findUserById(db, session.user_id);
  return user ? { session, user } : undefined;
}

export async function touchSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** Ends one session; true if it was live. */
export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('session')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every live session of a user, except `keepTokenHash` if given. Returns how many. */
export async function revokeUserSessions(db: Db, userId: number, now: number, keepTokenHash?: string): Promise<number> {
  let query = db
    .updateTable('session')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes sessions that ended (expired or revoked) before `before`. */
export async function purgeSessions(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's sessions that are neither revoked nor expired at `now`, newest first. */
export function listLiveSessions(db: Db, userId: number, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('session')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The token hashes of a user's unrevoked sessions whose hash starts with `prefix`. */
export async function findSessionHashesByPrefix(db: Db, userId: number, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('session')
    .select('token_hash')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('token_hash', 'like', `${prefix}%`)
    .execute();
  return rows.map((row) => row.token_hash);
}

export function listNotificationConfigs(db: Db, userId: number): Promise<UserNotificationConfigRow[]> {
  return db.selectFrom('user_notification_config').selectAll().where('user_id', '=', userId).execute();
}

export async function updateNotificationConfig(
  db: Db,
  id: number,
  patch: { channels: string; enabled: number; updated_at: number },
): Promise<void> {
  await db.updateTable('user_notification_config').set(patch).where('id', '=', id).execute();
}

export async function insertNotificationConfig(db: Db, row: NewUserNotificationConfigRow): Promise<void> {
  await db.insertInto('user_notification_config').values(row).execute();
}

/** Revokes a user's unused, unrevoked tokens of these kinds; returns how many. */
export async function revokeTokens(db: Db, userId: number, kinds: readonly string[], now: number): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await db
    .updateTable('account_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('kind', 'in', [...kinds])
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertToken(db: Db, row: NewAccountTokenRow): Promise<void> {
  await db.insertInto('account_token').values(row).execute();
}

/** The token of this hash and kind that is unused, unrevoked and not expired at `now`. */
export function findLiveToken(
  db: Db,
  tokenHash: string,
  kind: string,
  now: number,
): Promise<AccountTokenRow | undefined> {
  return db
    .selectFrom('account_token')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a live token used (one conditional UPDATE, so racing uses cannot both win); true if this call won. */
export async function markTokenUsed(db: Db, tokenHash: string, kind: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('account_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findToken(db: Db, tokenHash: string): Promise<AccountTokenRow | undefined> {
  return db.selectFrom('account_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Removes tokens that ended (expired, used or revoked) before `before`. */
export async function purgeTokens(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('account_token')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
