import type { AnswerOrder } from '@agora/shared-api/contract';
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AnswerTable, DB } from '../../db/schema';
import { questionSeenBy } from '../visibility/sql';
import type { Viewer } from '../visibility/table';
import { ANSWER_STATUS, type AnswerRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** An answer with the state of its question (what the visibility rule reads). */
export function selectAnswerWithQuestion(db: Executor, id: string) {
  return db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .selectAll('answer')
    .select(['question.user_id as q_user_id', 'question.status as q_status', 'question.show as q_show'])
    .where('answer.id', '=', id)
    .executeTakeFirst();
}

/** Whether the member has an answer (not deleted) on the question. */
export async function hasAnsweredBefore(db: Executor, questionId: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', '!=', ANSWER_STATUS.deleted)
    .executeTakeFirst();
  return !!row;
}

/**
 * A page of answers the viewer may see: available ones, `ownPendingOf`'s pending ones and (`staff`)
 * every pending and deleted one, in `order`; of one question (`questionId`, already checked as seen),
 * else of every question the viewer may see (`seenBy`, the visibility rule's question condition).
 */
export async function selectAnswerPage(
  db: Executor,
  query: {
    questionId?: string;
    seenBy: Viewer;
    ownPendingOf?: number;
    staff: boolean;
    order: AnswerOrder;
    offset: number;
    limit: number;
  },
): Promise<{ count: number; rows: AnswerRow[] }> {
  const { questionId } = query;
  const visible = db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .where((eb) =>
      questionId === undefined ? questionSeenBy(eb, query.seenBy) : eb('answer.question_id', '=', questionId),
    )
    .where((eb) => {
      const parts = [eb('answer.status', '=', ANSWER_STATUS.available)];
      if (query.ownPendingOf !== undefined)
        parts.push(
          eb.and([eb('answer.status', '=', ANSWER_STATUS.pending), eb('answer.user_id', '=', query.ownPendingOf)]),
        );
      if (query.staff) parts.push(eb('answer.status', 'in', [ANSWER_STATUS.deleted, ANSWER_STATUS.pending]));
      return eb.or(parts);
    });
  const countRow = await visible.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let rows = visible.selectAll('answer');
  if (query.order === 'default') {
    rows = rows
      .orderBy('answer.adopted', 'desc')
      .orderBy('answer.vote_count', 'desc')
      .orderBy('answer.created_at', 'asc');
  } else if (query.order === 'updated') {
    rows = rows.orderBy('answer.created_at', 'desc');
  } else if (query.order === 'created') {
    rows = rows.orderBy('answer.created_at', 'asc');
  } else {
    rows = rows.orderBy('answer.vote_count', 'desc').orderBy('answer.created_at', 'asc');
  }
  const list = await rows
    .orderBy('answer.id', query.order === 'updated' ? 'desc' : 'asc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { count: Number(countRow.n), rows: list };
}

/** The questions of these ids (answers of a page across questions). */
export function selectQuestionsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('question')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function insertAnswer(trx: Transaction<DB>, row: Insertable<AnswerTable>): Promise<void> {
  await trx.insertInto('answer').values(row).execute();
}

export async function updateAnswer(trx: Transaction<DB>, id: string, values: Updateable<AnswerTable>) {
  await trx.updateTable('answer').set(values).where('id', '=', id).execute();
}

/** The newest available answer of a question. */
export async function selectLastAnswerId(trx: Executor, questionId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** A question counts one more answer (now its last: `lastId`, its post time moved when `postTime` is given). */
export async function countQuestionAnswer(
  trx: Transaction<DB>,
  questionId: string,
  lastId: string,
  postTime?: number,
): Promise<void> {
  await trx
    .updateTable('question')
    .set((eb) => ({
      answer_count: eb('answer_count', '+', 1),
      last_answer_id: lastId,
      ...(postTime === undefined ? {} : { post_update_time: postTime }),
    }))
    .where('id', '=', questionId)
    .execute();
}

/** A question counts one answer fewer (never below 0). */
export async function uncountQuestionAnswer(trx: Transaction<DB>, questionId: string): Promise<void> {
  await trx
    .updateTable('question')
    .set((eb) => ({ answer_count: eb('answer_count', '-', 1) }))
    .where('id', '=', questionId)
    .where('answer_count', '>', 0)
    .execute();
}

/** A member's answer_count, one up or one down (never below 0). */
export async function countUserAnswer(trx: Transaction<DB>, userId: number, by: 1 | -1): Promise<void> {
  if (by === 1) {
    await trx
      .updateTable('user')
      .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  } else {
    await trx
      .updateTable('user')
      .set((eb) => ({ answer_count: eb('answer_count', '-', 1) }))
      .where('id', '=', userId)
      .where('answer_count', '>', 0)
      .execute();
  }
}

/** Sets columns of the answer's question (its accepted answer, its post time). */
export async function updateQuestionOfAnswer(
  trx: Transaction<DB>,
  questionId: string,
  values: { accepted_answer_id?: string | null; post_update_time?: number; updated_at?: number },
  onlyIfAccepted?: string,
): Promise<void> {
  let query = trx.updateTable('question').set(values).where('id', '=', questionId);
  if (onlyIfAccepted !== undefined) query = query.where('accepted_answer_id', '=', onlyIfAccepted);
  await query.execute();
}

/**
 * Locks a question's row until the transaction ends (accepts of one question then queue) and reads
 * its accepted answer as committed; undefined when the question is gone.
 */
export async function lockAcceptedAnswer(
  trx: Transaction<DB>,
  questionId: string,
): Promise<{ accepted: string | null } | undefined> {
  await trx
    .updateTable('question')
    .set((eb) => ({ accepted_answer_id: eb.ref('accepted_answer_id') }))
    .where('id', '=', questionId)
    .execute();
  const row = await trx
    .selectFrom('question')
    .select('accepted_answer_id')
    .where('id', '=', questionId)
    .executeTakeFirst();
  return row && { accepted: row.accepted_answer_id };
}

/** The active activities of these types on an answer (an accept's reputation) and their owners. */
export function selectActiveActivities(trx: Executor, objectId: string, types: number[]) {
  return trx
    .selectFrom('activity')
    .select(['id', 'user_id'])
    .where('object_id', '=', objectId)
    .where('activity_type', 'in', types)
    .where('cancelled', '=', 0)
    .execute();
}

/** `kind` of a bookmark row in the union below (activity types are config row ids, never 0). */
export const BOOKMARK = 0;

/** The viewer's active votes (of these types) and bookmarks on these answers, in one query. */
export function selectViewerMarks(db: Kysely<DB>, userId: number, ids: string[], voteTypes: number[]) {
  return db
    .selectFrom('activity')
    .select(['object_id', 'activity_type as kind'])
    .where('user_id', '=', userId)
    .where('object_id', 'in', ids)
    .where('activity_type', 'in', voteTypes)
    .where('cancelled', '=', 0)
    .unionAll(
      db
        .selectFrom('collection')
        .select(['object_id', sql<number>`${sql.lit(BOOKMARK)}`.as('kind')])
        .where('user_id', '=', userId)
        .where('object_id', 'in', ids),
    )
    .execute();
}

/** A question's title (what an answer's inbox entries show). */
export async function selectQuestionTitle(db: Executor, questionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('question').select('title').where('id', '=', questionId).executeTakeFirst();
  return row?.title;
}
