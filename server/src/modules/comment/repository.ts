import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { COMMENT_STATUS, USER_DELETED, type CommentRow, type NewCommentRow, type UserBrief } from './table';

/** Every query of the comment module. */
type Db = Kysely<DB> | Transaction<DB>;

/**
 * Whose pending (queued) comments a list shows besides the available ones: one member's own, every
 * one (staff), or none.
 */
export type PendingOf = number | 'all' | null;

function availableOf(db: Db, objectId: string, pendingOf: PendingOf = null) {
  return db
    .selectFrom('comment')
    .where('object_id', '=', objectId)
    .where((eb) => {
      const parts = [eb('status', '=', COMMENT_STATUS.available)];
      if (pendingOf === 'all') parts.push(eb('status', '=', COMMENT_STATUS.pending));
      else if (pendingOf !== null)
        parts.push(eb.and([eb('status', '=', COMMENT_STATUS.pending), eb('user_id', '=', pendingOf)]));
      return eb.or(parts);
    });
}

export async function countAvailable(db: Db, objectId: string, pendingOf: PendingOf = null): Promise<number> {
  const row = await availableOf(db, objectId, pendingOf)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the available comments of a post, oldest (or most voted) first, without `exceptId`. */
export function listAvailable(
  db: Db,
  objectId: string,
  options: { byVotes: boolean; exceptId: string | null; offset: number; limit: number; pendingOf?: PendingOf },
): Promise<CommentRow[]> {
  let rows = availableOf(db, objectId, options.pendingOf ?? null).selectAll();
  if (options.exceptId) rows = rows.where('id', '!=', options.exceptId);
  rows = options.byVotes
    ? rows.orderBy('vote_count', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc')
    : rows.orderBy('created_at', 'asc').orderBy('id', 'asc');
  return rows.offset(options.offset).limit(options.limit).execute();
}

/** A comment of one of these statuses (available by default). */
export function findAvailable(
  db: Db,
  id: string,
  statuses: number[] = [COMMENT_STATUS.available],
): Promise<CommentRow | undefined> {
  return db.selectFrom('comment').selectAll().where('id', '=', id).where('status', 'in', statuses).executeTakeFirst();
}

export async function insertComment(db: Db, row: NewCommentRow): Promise<void> {
  await db.insertInto('comment').values(row).execute();
}

export async function updateText(
  db: Db,
  id: string,
  patch: { original_text: string; parsed_text: string; updated_at: number },
) {
  await db.updateTable('comment').set(patch).where('id', '=', id).execute();
}

/** Soft-deletes an available comment; true when this call deleted it. */
export async function markDeleted(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('comment')
    .set({ status: COMMENT_STATUS.deleted, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', COMMENT_STATUS.available)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function bumpAnswerCommentCount(db: Db, answerId: string, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('answer')
    .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
    .where('id', '=', answerId)
    .execute();
}

export async function questionTitle(db: Db, questionId: string): Promise<string> {
  const row = await db.selectFrom('question').select('title').where('id', '=', questionId).executeTakeFirstOrThrow();
  return row.title;
}

/** Accounts (not deleted) with one of these usernames. */
export function liveUsersByUsername(db: Db, usernames: string[]): Promise<Array<{ id: number; username: string }>> {
  return db
    .selectFrom('user')
    .select(['id', 'username'])
    .where('username', 'in', usernames)
    .where('status', '!=', USER_DELETED)
    .execute();
}

export async function userBriefs(db: Db, ids: number[]): Promise<UserBrief[]> {
  const rows = await db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'avatar', 'status', 'mail_status'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((u) => ({ ...u, id: Number(u.id) }));
}

/** Which of these comments the user voted up (live vote activities of `voteType`). */
export async function votedCommentIds(db: Db, userId: number, voteType: number, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('trigger_user_id', '=', 0)
    .where('activity_type', '=', voteType)
    .where('cancelled', '=', 0)
    .where('object_id', 'in', ids)
    .execute();
  return rows.map((r) => r.object_id);
}
