import type { Kysely, Transaction } from 'kysely';
import type { DB, NewUserRow, SessionRow, UserRow, UserUpdate } from '../../db/schema';

/** Data access for accounts and sessions: plain functions over a database or a transaction. */
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
