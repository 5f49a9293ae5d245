import type { Kysely } from 'kysely';
import { newObjectId, objectTypeOf, OBJECT_TYPES } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { awardBadges } from '../badge/awards';
import { lockUsers } from '../reputation';
import { requireVisible } from '../visibility/rule';
import * as repo from './repository';
import { REPORT_STATUS, type Reporter, type ReportableType } from './table';

export { REPORT_STATUS, type Reporter, type ReportableType } from './table';

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

/**
 * Flags (POST report): one pending `report` row per member and object. The
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
   * The object as the reporter may see it (the visibility rule) and live: a question open or closed,
   * an available answer or comment under one. Anything else is the post type's 404, as an unknown id.
   */
  async target(objectId: string, actor: Reporter): Promise<ReportTarget> {
    const type = objectTypeOf(objectId.trim());
    if (type !== 'question' && type !== 'answer' && type !== 'comment')
      throw new ApiFailure(404, 'error.report.object_not_reportable');
    const found = await requireVisible(this.#db, objectId, actor, { live: true });
    if (found.type === 'question') return { type: 'question', id: found.question.id, authorId: found.question.user_id };
    if (found.type === 'answer') return { type: 'answer', id: found.answer.id, authorId: found.answer.user_id };
    return { type: 'comment', id: found.comment.id, authorId: found.comment.user_id };
  }

  /**
   * Stores a pending report. A member holding a pending report on the object is refused
   * (400 error.report.already_reported); the reporter's row is locked first, so two concurrent
   * reports of one member queue and the second sees the first.
   */
  async add(actor: Reporter, target: ReportTarget, report: NewReport): Promise<string> {
    return writeTransaction(this.#db, async (trx) => {
      await lockUsers(trx, [actor.userId]);
      if (await repo.hasPendingReport(trx, actor.userId, target.id))
        throw new ApiFailure(400, 'error.report.already_reported', { errType: 'toast' });
      const id = await newObjectId(trx, 'report');
      const now = this.#now();
      await repo.insertReport(trx, {
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
      });
      await awardBadges(trx, { kind: 'flag', userId: actor.userId }, now);
      return id;
    });
  }
}
