import type { Kysely } from 'kysely';
import { newObjectId, objectTypeOf, OBJECT_TYPES } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { isStaff, type Actor } from '../question/posts';
import { lockUsers, writeTransaction } from '../reputation';

/** report.status values (answer-api.md §3). */
export const REPORT_STATUS = { pending: 1, completed: 2, ignored: 3, deleted: 10 } as const;

export type ReportableType = 'question' | 'answer' | 'comment';

/** A flaggable object: its type and author (the report's reported_user_id). */
export interface ReportTarget {
  type: ReportableType;
  id: string;
  authorId: number;
}

/** What a new report stores besides the reporter and the object. */
export interface NewReport {
  reasonId: number;
  content: string;
}

/** question.status values a flag may target: open or closed (not deleted, not pending review). */
const LIVE_QUESTION = [1, 2];
/** question.show of an unlisted question (only its author and staff see it). */
const UNLISTED = 2;

/**
 * Flags (answer-api.md §2.10 POST report): one pending `report` row per member and object. The
 * moderation queue that reads and settles them lives elsewhere.
 */
export class ReportService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The object as the reporter may see it: a question open or closed (unlisted ones only for their
   * author and staff), an available answer or comment under such a question. Anything else is 404.
   */
  async target(objectId: string, actor: Actor): Promise<ReportTarget> {
    const type = objectTypeOf(objectId);
    const visibleQuestion = async (questionId: string, reason: string) => {
      const question = await this.#db
        .selectFrom('question')
        .select(['user_id', 'show'])
        .where('id', '=', questionId)
        .where('status', 'in', LIVE_QUESTION)
        .executeTakeFirst();
      const hidden =
        question && question.show === UNLISTED && Number(question.user_id) !== actor.userId && !isStaff(actor.roleId);
      if (!question || hidden) throw new ApiFailure(404, reason);
      return question;
    };
    if (type === 'question') {
      const question = await visibleQuestion(objectId, 'error.question.not_found');
      return { type, id: objectId, authorId: Number(question.user_id) };
    }
    if (type === 'answer') {
      const answer = await this.#db
        .selectFrom('answer')
        .select(['user_id', 'question_id'])
        .where('id', '=', objectId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!answer) throw new ApiFailure(404, 'error.answer.not_found');
      await visibleQuestion(answer.question_id, 'error.answer.not_found');
      return { type, id: objectId, authorId: Number(answer.user_id) };
    }
    if (type === 'comment') {
      const comment = await this.#db
        .selectFrom('comment')
        .select(['user_id', 'question_id'])
        .where('id', '=', objectId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!comment) throw new ApiFailure(404, 'error.comment.not_found');
      await visibleQuestion(comment.question_id, 'error.comment.not_found');
      return { type, id: objectId, authorId: Number(comment.user_id) };
    }
    throw new ApiFailure(404, 'error.report.object_not_reportable');
  }

  /**
   * Stores a pending report. A member holding a pending report on the object is refused
   * (400 error.report.already_reported); the reporter's row is locked first, so two concurrent
   * reports of one member queue and the second sees the first.
   */
  async add(actor: Actor, target: ReportTarget, report: NewReport): Promise<string> {
    return writeTransaction(this.#db, async (trx) => {
      await lockUsers(trx, [actor.userId]);
      const pending = await trx
        .selectFrom('report')
        .select('id')
        .where('user_id', '=', actor.userId)
        .where('object_id', '=', target.id)
        .where('status', '=', REPORT_STATUS.pending)
        .executeTakeFirst();
      if (pending) throw new ApiFailure(400, 'error.report.already_reported', { errType: 'toast' });
      const id = await newObjectId(trx, 'report');
      const now = this.#now();
      await trx
        .insertInto('report')
        .values({
          id,
          user_id: actor.userId,
          object_id: target.id,
          reported_user_id: target.authorId,
          object_type: OBJECT_TYPES[target.type],
          report_type: report.reasonId,
          content: report.content,
          flagged_type: null,
          flagged_content: null,
          status: REPORT_STATUS.pending,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    });
  }
}
