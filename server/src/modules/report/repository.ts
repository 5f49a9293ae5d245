import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { compareAndSet } from '../../db/compare-and-set';
import type { DB } from '../../db/schema';
import { ANSWER_STATUS, QUESTION_STATUS } from '../post/table';
import { REPORT_STATUS, type NewReportRow } from './table';

/** Every query of the report module. */
type Db = Kysely<DB> | Transaction<DB>;

/** The action recorded on a flag completed because its object was gone. */
export const SETTLED_BY_GONE_OBJECT = 'resolved';

/** report.object_type of each flaggable type. */
const TYPE_CODE = { question: 1, answer: 2, comment: 7 } as const;

/** Whether the member holds a pending report on the object. */
export async function hasPendingReport(db: Db, userId: number, objectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('report')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirst();
  return !!row;
}

/** Of `objectIds`, those on which `userId` has a pending report. */
export async function selectPendingReportedIds(
  db: Db,
  userId: number,
  objectIds: readonly string[],
): Promise<string[]> {
  if (objectIds.length === 0) return [];
  const rows = await db
    .selectFrom('report')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('object_id', 'in', [...objectIds])
    .where('status', '=', REPORT_STATUS.pending)
    .execute();
  return rows.map((r) => r.object_id);
}

export async function insertReport(db: Db, row: NewReportRow): Promise<void> {
  await db.insertInto('report').values(row).execute();
}

export async function selectReport(db: Db, id: string) {
  return db
    .selectFrom('report')
    .select(['id', 'user_id', 'object_id', 'object_type', 'report_type', 'content', 'status', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type ReportRow = NonNullable<Awaited<ReturnType<typeof selectReport>>>;

/**
 * The flagged object is still there: a question not deleted; an answer not deleted under such a
 * question; a comment not deleted under a question (and answer) not deleted.
 */
function objectLive(eb: ExpressionBuilder<DB, 'report'>) {
  const deleted = ANSWER_STATUS.deleted;
  return eb.or([
    eb.and([
      eb('report.object_type', '=', TYPE_CODE.question),
      eb.exists(
        eb
          .selectFrom('question')
          .select('question.id')
          .whereRef('question.id', '=', 'report.object_id')
          .where('question.status', '!=', QUESTION_STATUS.deleted),
      ),
    ]),
    eb.and([
      eb('report.object_type', '=', TYPE_CODE.answer),
      eb.exists(
        eb
          .selectFrom('answer')
          .innerJoin('question', 'question.id', 'answer.question_id')
          .select('answer.id')
          .whereRef('answer.id', '=', 'report.object_id')
          .where('answer.status', '!=', deleted)
          .where('question.status', '!=', QUESTION_STATUS.deleted),
      ),
    ]),
    eb.and([
      eb('report.object_type', '=', TYPE_CODE.comment),
      eb.exists(
        eb
          .selectFrom('comment')
          .innerJoin('question', 'question.id', 'comment.question_id')
          .leftJoin('answer', 'answer.id', 'comment.object_id')
          .select('comment.id')
          .whereRef('comment.id', '=', 'report.object_id')
          .where('comment.status', '!=', deleted)
          .where('question.status', '!=', QUESTION_STATUS.deleted)
          .where((inner) => inner.or([inner('answer.id', 'is', null), inner('answer.status', '!=', deleted)])),
      ),
    ]),
  ]);
}

/**
 * Pending flags whose object is gone (deleted by someone, or under a deleted question or answer) are
 * completed (their action `resolved`): they leave the queue and its count. `objectId` limits it to one
 * object's flags.
 */
export async function completeFlagsOfGoneObjects(db: Db, now: number, objectId?: string): Promise<void> {
  let query = db
    .updateTable('report')
    .set({ status: REPORT_STATUS.completed, updated_at: now, flagged_content: SETTLED_BY_GONE_OBJECT })
    .where('report.status', '=', REPORT_STATUS.pending)
    .where((eb) => eb.not(objectLive(eb)));
  if (objectId !== undefined) query = query.where('report.object_id', '=', objectId);
  await query.execute();
}

/**
 * How many flags wait for review: pending ones whose object is still there (a read, so the review badge
 * polled every few seconds never writes; the queue completes the others when it is paged).
 */
export async function countPendingFlags(db: Db): Promise<number> {
  const row = await db
    .selectFrom('report')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('report.status', '=', REPORT_STATUS.pending)
    .where((eb) => objectLive(eb))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The pending flag at `offset` of the queue, oldest first. */
export async function selectPendingFlag(db: Db, offset: number): Promise<ReportRow | undefined> {
  return db
    .selectFrom('report')
    .select(['id', 'user_id', 'object_id', 'object_type', 'report_type', 'content', 'status', 'created_at'])
    .where('status', '=', REPORT_STATUS.pending)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
}

/** One page of the flags in `statuses`, newest first, with how each was settled, and how many match. */
export async function selectFlagPage(db: Db, statuses: readonly number[], offset: number, limit: number) {
  const base = db.selectFrom('report').where('status', 'in', [...statuses]);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'user_id',
        'object_id',
        'object_type',
        'report_type',
        'content',
        'status',
        'created_at',
        'updated_at',
        'flagged_content',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/**
 * Settles one flag if it is still pending (compare-and-set), recording the review's operation as its
 * action: true when this statement settled it, false when another review did first.
 */
export async function settleFlag(
  trx: Transaction<DB>,
  id: string,
  settled: { status: number; action: string },
  now: number,
): Promise<boolean> {
  return compareAndSet(
    trx,
    'report',
    id,
    { column: 'status', from: REPORT_STATUS.pending },
    { status: settled.status, updated_at: now, flagged_content: settled.action },
  );
}

/** Settles every other pending flag on the object with the same outcome and action. */
export async function settleObjectFlags(
  trx: Transaction<DB>,
  objectId: string,
  settled: { status: number; action: string },
  now: number,
) {
  await trx
    .updateTable('report')
    .set({ status: settled.status, updated_at: now, flagged_content: settled.action })
    .where('object_id', '=', objectId)
    .where('status', '=', REPORT_STATUS.pending)
    .execute();
}
