import type { FlaggedPostPage, ReportReviewBody } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { Language } from '../../i18n';
import { ApiFailure } from '../../lib/api-failure';
import type { AnswerService } from '../answer/service';
import type { CommentViewer } from '../comment/actions';
import type { CommentService } from '../comment/service';
import { isStaff, type Actor, type Permit } from '../post/actor';
import type { AlsoInTransaction } from '../post/transition';
import type { QuestionOperationService } from '../question/operations';
import type { QuestionPostService } from '../question/posts';
import { closeReasonOf } from '../question/rules';
import type { ReasonSource } from '../reasons/service';
import { contextTags } from '../post/in-context';
import { flaggedPost, flagReason, loadFlaggedObject, type FlaggedObject } from './flagged';
import * as repo from './repository';
import { REPORT_STATUS } from './table';

/** The services a review acts through: each action takes its module's own path and rules. */
export interface ReviewPaths {
  posts: QuestionPostService;
  operations: QuestionOperationService;
  answers: AnswerService;
  comments: CommentService;
  reasons: ReasonSource;
}

/** Who reviews: the staff member, the privilege check of the request and the request's translator. */
export interface Reviewer extends Actor {
  permit: Permit;
  t(key: string): string;
}

/** A question carries at most this many tags (as PUT question takes them). */
const MAX_TAGS = 5;

const alreadyReviewed = () => new ApiFailure(400, 'error.review.already_reviewed', { errType: 'toast' });

/**
 * The flag queue of staff: GET report/unreviewed/post pages the pending flags one at a time, oldest
 * first; PUT report/review settles one by acting on its object (edit, close, delete, unlist) or
 * ignoring it. The action, its activity row, the author's notice (written by the action's own path,
 * with the flag's reason; a close with the close reason) and the settling of every pending flag on
 * the object commit in one transaction, the flag settled by compare-and-set: of two reviews
 * racing on one flag exactly one applies, the other gets 400 error.review.already_reviewed.
 */
export class ReportReviewService {
  readonly #db: Kysely<DB>;
  readonly #paths: ReviewPaths;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, paths: ReviewPaths, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#paths = paths;
    this.#now = options.now ?? Date.now;
  }

  /** How many flags wait (not counting those whose object is gone since). */
  pendingCount(): Promise<number> {
    return repo.countPendingFlags(this.#db);
  }

  /** Completes the pending flags whose object is gone (of one object, or all), retried on a deadlock. */
  #completeGone(objectId?: string): Promise<void> {
    return writeTransaction(this.#db, (trx) => repo.completeFlagsOfGoneObjects(trx, this.#now(), objectId));
  }

  /**
   * Every flag of one state, newest first (the admin flag list): the pending ones whose object is gone
   * are completed first, as the queue does, so only flags one can act on wait.
   */
  async flagPage(state: 'pending' | 'completed' | undefined, offset: number, limit: number) {
    await this.#completeGone();
    const statuses = {
      pending: [REPORT_STATUS.pending],
      completed: [REPORT_STATUS.completed, REPORT_STATUS.ignored],
    };
    const wanted = state ? statuses[state] : [...statuses.pending, ...statuses.completed];
    return repo.selectFlagPage(this.#db, wanted, offset, limit);
  }

  /** Page `page` of the queue (one flag a page) for staff; an empty queue for anyone else. */
  async page(viewer: Partial<Actor>, page: number, lang: Language): Promise<FlaggedPostPage> {
    if (!isStaff(viewer.roleId)) return { count: 0, list: [] };
    // A flag whose object was deleted meanwhile settles itself: completed, out of the count; a row
    // removed between the sweep and the read is swept again.
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.#completeGone();
      const count = await this.pendingCount();
      const flag = await repo.selectPendingFlag(this.#db, page - 1);
      if (!flag) return { count, list: [] };
      const object = await loadFlaggedObject(this.#db, flag.object_id);
      if (!object) continue;
      const reason = await flagReason(this.#paths.reasons, object.type, flag.report_type, lang);
      return { count, list: [await flaggedPost(this.#db, flag, object, reason)] };
    }
    return { count: await this.pendingCount(), list: [] };
  }

  /** PUT report/review (the route checked that the reviewer is staff). */
  async review(reviewer: Reviewer, body: ReportReviewBody): Promise<void> {
    const flag = await repo.selectReport(this.#db, body.flag_id.trim());
    if (!flag) throw ApiFailure.notFound('error.review.not_found');
    if (Number(flag.status) !== REPORT_STATUS.pending) throw alreadyReviewed();
    const object = await loadFlaggedObject(this.#db, flag.object_id);
    await this.#completeGone(flag.object_id);
    if (!object || (await this.#settledAlready(flag.id))) throw alreadyReviewed();
    const operation = body.operation_type;
    const status = operation === 'ignore_report' ? REPORT_STATUS.ignored : REPORT_STATUS.completed;
    const reasonKey = (await flagReason(this.#paths.reasons, object.type, flag.report_type, 'en_US')).reason_key;
    let settled = false;
    const settle: AlsoInTransaction = async (trx: Transaction<DB>, now: number) => {
      const outcome = { status, action: operation };
      if (!(await repo.settleFlag(trx, flag.id, outcome, now))) throw alreadyReviewed();
      await repo.settleObjectFlags(trx, flag.object_id, outcome, now);
      settled = true;
    };
    try {
      await this.#apply(reviewer, body, object, settle, reasonKey || undefined);
    } catch (error) {
      // The action failed because another review changed the object first (closed it, deleted it):
      // that review settled the flag, and this one answers as the loser of the race.
      if (!(error instanceof ApiFailure && error.reason === 'error.review.already_reviewed')) {
        if (await this.#settledAlready(flag.id)) throw alreadyReviewed();
      }
      throw error;
    }
    if (!settled) {
      // The path found nothing to change (a concurrent review deleted the object first).
      await this.#completeGone(flag.object_id);
      throw alreadyReviewed();
    }
  }

  /** Whether the flag is no longer pending (settled by another review, or its object gone). */
  async #settledAlready(flagId: string): Promise<boolean> {
    const current = await repo.selectReport(this.#db, flagId);
    return !current || Number(current.status) !== REPORT_STATUS.pending;
  }

  /** Acts on the object through its module's path; `reason` (the flag's) goes with the author's notice. */
  async #apply(
    reviewer: Reviewer,
    body: ReportReviewBody,
    object: FlaggedObject,
    settle: AlsoInTransaction,
    reason: string | undefined,
  ) {
    const { posts, operations, answers, comments, reasons } = this.#paths;
    const actor: Actor = { userId: reviewer.userId, roleId: reviewer.roleId };
    const questionOnly = (key: string) => {
      if (object.type !== 'question') throw ApiFailure.badRequest(key);
    };
    switch (body.operation_type) {
      case 'ignore_report':
        await writeTransaction(this.#db, (trx) => settle(trx, this.#now()));
        return;
      case 'edit_post':
        return this.#edit(reviewer, body, object, settle, reason);
      case 'close_post': {
        questionOnly('error.review.close_question_only');
        const { reason, msg } = closeReasonOf(await reasons.list('question', 'close'), body.close_type, body.close_msg);
        const { row } = await posts.view(object.id, actor);
        return operations.close(actor, row, reason, msg, settle);
      }
      case 'unlist_post': {
        questionOnly('error.review.unlist_question_only');
        const { row } = await posts.view(object.id, actor);
        return operations.operate(actor, row, 'hide', settle, reason);
      }
      case 'delete_post':
        if (object.type === 'question') return posts.remove(actor, object.id, settle, reason);
        if (object.type === 'answer') return answers.remove(actor, await answers.one(object.id, actor), settle, reason);
        return comments.remove(object.id, this.#commentViewer(reviewer), settle, reason);
    }
  }

  /** edit_post: the question's title, body and tags, or the answer's body, applied at once as the reviewer. */
  async #edit(
    reviewer: Reviewer,
    body: ReportReviewBody,
    object: FlaggedObject,
    settle: AlsoInTransaction,
    reason: string | undefined,
  ) {
    const actor: Actor = { userId: reviewer.userId, roleId: reviewer.roleId };
    if (object.type === 'comment') throw ApiFailure.badRequest('error.review.edit_comment');
    const missing = [
      ...(object.type === 'question' && body.title === undefined ? ['title'] : []),
      ...(body.content === undefined ? ['content'] : []),
    ];
    if (missing.length) throw ApiFailure.fields(missing.map((field) => ({ field, reason: 'validation.required' })));
    const content = body.content ?? '';
    if (object.type === 'answer') {
      const row = await this.#paths.answers.one(object.id, actor);
      await this.#paths.answers.edit(actor, row, content, '', true, settle, reason);
      return;
    }
    if (body.tags && (body.tags.length > MAX_TAGS || body.tags.some((slug) => slug.trim() === '')))
      throw ApiFailure.fields([
        body.tags.length > MAX_TAGS
          ? { field: 'tags', reason: 'validation.max_items', params: { limit: MAX_TAGS } }
          : { field: 'tags', reason: 'validation.min_length', params: { limit: 1 } },
      ]);
    const tags = body.tags
      ? body.tags.map((slug) => ({ slug_name: slug.trim() }))
      : (await contextTags(this.#db, object.id)).map((t) => ({ slug_name: t.slug_name }));
    await this.#paths.posts.edit(
      actor,
      { id: object.id, title: body.title ?? '', content, tags },
      reviewer.permit,
      true,
      settle,
      reason,
    );
  }

  #commentViewer(reviewer: Reviewer): CommentViewer & { userId: number } {
    return { userId: reviewer.userId, roleId: reviewer.roleId, canEdit: true, canDelete: true, t: reviewer.t };
  }
}
