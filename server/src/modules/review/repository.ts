import type { Insertable, Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import { compareAndSet } from '../../db/compare-and-set';
import type { DB, ReviewTable } from '../../db/schema';
import { PENDING_POST_STATUS, REVIEW_STATUS } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** Every query of the review queue: review rows, the posts they are about, deletion records. */

export type ReviewRow = Awaited<ReturnType<typeof selectReview>> & {};

export async function insertReview(trx: Transaction<DB>, row: Omit<Insertable<ReviewTable>, 'id'>): Promise<void> {
  await trx
    .insertInto('review')
    .values({ ...row, id: await nextId(trx, 'review') })
    .execute();
}

export function selectReview(db: Executor, id: number) {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets a pending review's outcome; false when another request settled it first. */
export async function settleReview(
  trx: Transaction<DB>,
  id: number,
  status: number,
  reviewerId: number,
  now: number,
): Promise<boolean> {
  return compareAndSet(
    trx,
    'review',
    id,
    { column: 'status', from: REVIEW_STATUS.pending },
    { status, reviewer_user_id: reviewerId, updated_at: now },
  );
}

/** The status of the post a review is about (undefined when the post is gone). */
export async function selectPostStatus(db: Executor, type: 'question' | 'answer' | 'comment', id: string) {
  const row = await db
    .selectFrom(type as 'question')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Number(row.status) : undefined;
}

/**
 * The pending tasks of the answers queued on a question (answers its author wrote while the question
 * itself waited): they are settled with the question when a reviewer rejects it.
 */
export function selectQueuedAnswerTasks(db: Executor, questionId: string) {
  return db
    .selectFrom('review')
    .innerJoin('answer', 'answer.id', 'review.object_id')
    .select(['review.id', 'review.object_id'])
    .where('answer.question_id', '=', questionId)
    .where('answer.status', '=', PENDING_POST_STATUS)
    .where('review.status', '=', REVIEW_STATUS.pending)
    .orderBy('review.id')
    .execute();
}

/** Pending reviews whose post still waits (status 11), optionally of one post. */
function pendingTasks(db: Executor, objectId?: string) {
  let query = db
    .selectFrom('review')
    .leftJoin('question', 'question.id', 'review.object_id')
    .leftJoin('answer', 'answer.id', 'review.object_id')
    .leftJoin('comment', 'comment.id', 'review.object_id')
    .where('review.status', '=', REVIEW_STATUS.pending)
    .where((eb) =>
      eb.or([
        eb('question.status', '=', PENDING_POST_STATUS),
        eb('answer.status', '=', PENDING_POST_STATUS),
        eb('comment.status', '=', PENDING_POST_STATUS),
      ]),
    );
  if (objectId !== undefined) query = query.where('review.object_id', '=', objectId);
  return query;
}

export async function countPendingTasks(db: Executor, objectId?: string): Promise<number> {
  const row = await pendingTasks(db, objectId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of pending tasks, oldest first. */
export function selectPendingTasks(db: Executor, query: { objectId?: string; offset: number; limit: number }) {
  return pendingTasks(db, query.objectId)
    .selectAll('review')
    .orderBy('review.created_at', 'asc')
    .orderBy('review.id', 'asc')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
}

/** A member's published posts: open or closed questions, available answers and comments. */
export async function countPublishedPosts(db: Executor, userId: number): Promise<number> {
  const [q, a, c] = await Promise.all([
    db
      .selectFrom('question')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', [1, 2])
      .executeTakeFirst(),
    db
      .selectFrom('answer')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 1)
      .executeTakeFirst(),
  ]);
  return Number(q?.n ?? 0) + Number(a?.n ?? 0) + Number(c?.n ?? 0);
}

// ---- Repeat deletions ------------------------------------------------------------------------

export async function insertDeletion(
  trx: Transaction<DB>,
  row: { userId: number; objectId: string; deletedBy: number; now: number },
): Promise<void> {
  await trx
    .insertInto('post_deletion')
    .values({
      id: await nextId(trx, 'post_deletion'),
      user_id: row.userId,
      object_id: row.objectId,
      deleted_by: row.deletedBy,
      created_at: row.now,
    })
    .execute();
}

/** When the member's recorded deletions since `since` happened (Unix ms, oldest first). */
export async function selectDeletionTimes(db: Executor, userId: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('post_deletion')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => Number(r.created_at));
}
