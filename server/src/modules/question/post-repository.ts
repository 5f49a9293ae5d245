import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB, QuestionTable } from '../../db/schema';
import { USER_STATUS } from '../accounts/mapping';
import { ANSWER_STATUS } from '../post/table';
import { CLOSE_META_KEY, POST_USER_COLUMNS, type PostUserRow, type QuestionRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** Reads and writes of single questions, their people, close meta and inbox rows. */

export function selectQuestion(db: Executor, id: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertQuestion(trx: Transaction<DB>, row: Insertable<QuestionTable>): Promise<void> {
  await trx.insertInto('question').values(row).execute();
}

export async function updateQuestion(trx: Transaction<DB>, id: string, values: Updateable<QuestionTable>) {
  await trx.updateTable('question').set(values).where('id', '=', id).execute();
}

export async function addView(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('question')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A member's question_count, one up or one down (never below 0). */
export async function countUserQuestion(trx: Transaction<DB>, userId: number, by: 1 | -1): Promise<void> {
  if (by === 1) {
    await trx
      .updateTable('user')
      .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  } else {
    await trx
      .updateTable('user')
      .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
      .where('id', '=', userId)
      .where('question_count', '>', 0)
      .execute();
  }
}

/** The authors and editors of posts, by id (one query). */
export function selectPostUsers(db: Executor, ids: number[]): Promise<PostUserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('user').select(POST_USER_COLUMNS).where('id', 'in', ids).execute();
}

/** The author of an answer. */
export async function selectAnswerAuthor(db: Executor, answerId: string): Promise<number | undefined> {
  const row = await db.selectFrom('answer').select('user_id').where('id', '=', answerId).executeTakeFirst();
  return row?.user_id;
}

/** The available answers of a question: votes and acceptance (what deleting it depends on). */
export function selectAvailableAnswers(db: Executor, questionId: string) {
  return db
    .selectFrom('answer')
    .select(['vote_count', 'adopted'])
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .execute();
}

/** The viewer's active activities of these types on a question, their bookmark and first answer. */
export async function selectViewerRelations(db: Executor, questionId: string, userId: number, types: number[]) {
  return Promise.all([
    db
      .selectFrom('activity')
      .select('activity_type')
      .where('user_id', '=', userId)
      .where('object_id', '=', questionId)
      .where('activity_type', 'in', types)
      .where('cancelled', '=', 0)
      .execute(),
    db
      .selectFrom('collection')
      .select('id')
      .where('user_id', '=', userId)
      .where('object_id', '=', questionId)
      .executeTakeFirst(),
    db
      .selectFrom('answer')
      .select('id')
      .where('question_id', '=', questionId)
      .where('user_id', '=', userId)
      .where('status', '=', ANSWER_STATUS.available)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst(),
  ]);
}

/** When the question was last deleted (its newest activity of that type). */
export async function selectLastActivityTime(
  db: Executor,
  questionId: string,
  type: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('activity')
    .select('created_at')
    .where('object_id', '=', questionId)
    .where('activity_type', '=', type)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.created_at) : undefined;
}

/** The stored close reason and remark of a question (meta JSON), if any. */
export async function selectCloseMeta(db: Executor, questionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', questionId)
    .where('key', '=', CLOSE_META_KEY)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.value;
}

export async function writeCloseMeta(trx: Transaction<DB>, questionId: string, value: string, now: number) {
  const meta = await trx
    .selectFrom('meta')
    .select('id')
    .where('object_id', '=', questionId)
    .where('key', '=', CLOSE_META_KEY)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (meta) {
    await trx.updateTable('meta').set({ value, updated_at: now }).where('id', '=', meta.id).execute();
    return;
  }
  await trx
    .insertInto('meta')
    .values({
      id: await nextId(trx, 'meta'),
      object_id: questionId,
      key: CLOSE_META_KEY,
      value,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Invited members that still exist (not deleted). */
export function selectInvitedUsers(db: Executor, ids: number[]) {
  return db
    .selectFrom('user')
    .select([...POST_USER_COLUMNS, 'e_mail'])
    .where('id', 'in', ids)
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
}

/** Available members by username key. */
export function selectMembersByKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user')
    .select(['id', 'username', 'username_key', 'e_mail', 'mail_status'])
    .where('username_key', 'in', keys)
    .where('status', '=', USER_STATUS.available)
    .execute();
}

/** A question's invitations and status, read inside the invitation's transaction. */
export function selectInviteState(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('question').select(['invite_user_id', 'status']).where('id', '=', id).executeTakeFirst();
}
