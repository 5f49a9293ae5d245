import type {
  PendingPostPage,
  PendingPostQuery,
  PendingPostReviewBody,
  PostUserInfo,
} from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { ConfigIdCache } from '../config/service';
import { inboxHook } from '../notification/inbox';
import { isStaff, type Actor } from '../post/actor';
import { compareAndSet } from '../../db/compare-and-set';
import { changeStatus } from '../post/transition';
import { recordActivity } from '../reputation';
import {
  countPendingTasks,
  selectPendingTasks,
  selectPostStatus,
  selectQueuedAnswerTasks,
  selectReview,
  settleReview,
} from './repository';
import {
  PENDING_POST_STATUS,
  queuedTypeOf,
  REVIEW_STATUS,
  type QueuedPost,
  type QueuedPostSource,
  type QueuedType,
} from './table';
import { taskView } from './task-view';

/** Post status after a review: approved posts are available (1), rejected ones deleted (10). */
const OUTCOME = {
  approve: { post: 1, review: REVIEW_STATUS.approved, key: 'post.approved', action: 'your_post_was_approved' },
  reject: { post: 10, review: REVIEW_STATUS.rejected, key: 'post.rejected', action: 'your_post_was_rejected' },
} as const;

const alreadyReviewed = () => ApiFailure.badRequest('error.review.already_reviewed');
const notFound = () => ApiFailure.notFound('error.review.not_found');

/**
 * The queue of posts waiting for approval (status 11): one task per page for staff, approve or reject
 * (docs/product-rules.md, "Queued posts"). The post modules hand in their queued posts (`sources`),
 * so this module reads no other module's tables to change them.
 */
export class ReviewQueueService {
  readonly #db: Kysely<DB>;
  readonly #sources: Record<QueuedType, QueuedPostSource>;
  readonly #users: (ids: number[]) => Promise<Map<number, PostUserInfo>>;
  readonly #now: () => number;
  readonly #configIds: ConfigIdCache;

  constructor(
    db: Kysely<DB>,
    options: {
      sources: Record<QueuedType, QueuedPostSource>;
      users: (ids: number[]) => Promise<Map<number, PostUserInfo>>;
      now?: () => number;
    },
  ) {
    this.#db = db;
    this.#sources = options.sources;
    this.#users = options.users;
    this.#now = options.now ?? Date.now;
    this.#configIds = new ConfigIdCache(db);
  }

  /** How many queued posts wait for a reviewer (the review badge and to-do counts add it). */
  pendingCount(): Promise<number> {
    return countPendingTasks(this.#db);
  }

  /** GET review/pending/post/page: one task per page, the oldest first; an empty page for non-staff. */
  async page(viewer: Partial<Actor>, query: PendingPostQuery): Promise<PendingPostPage> {
    if (!isStaff(viewer.roleId)) return { count: 0, list: [] };
    const objectId = query.object_id?.trim();
    const page = query.page ?? 1;
    const count = await countPendingTasks(this.#db, objectId);
    const rows = await selectPendingTasks(this.#db, { ...(objectId ? { objectId } : {}), offset: page - 1, limit: 1 });
    const list = [];
    for (const row of rows) {
      const view = await taskView(this.#db, row, this.#users);
      if (view) list.push(view);
    }
    return { count, list };
  }

  /**
   * PUT review/pending/post (staff; the route refuses others): approve makes the post available and
   * counts it as a new post, reject deletes it. The post's status change, the review row, the activity
   * and the author's inbox entry commit together; of two reviews of one task only the first applies,
   * the other gets 400 error.review.already_reviewed. An unknown task (or one whose post is gone) is 404.
   * A rejected question takes the answers queued with it along (their tasks settled as rejected too).
   */
  async review(actor: Actor, body: PendingPostReviewBody): Promise<void> {
    // An id beyond what the column holds names no task (and must not reach the database).
    if (!Number.isSafeInteger(body.review_id)) throw notFound();
    const task = await selectReview(this.#db, body.review_id);
    if (!task) throw notFound();
    if (Number(task.status) !== REVIEW_STATUS.pending) throw alreadyReviewed();
    const type = queuedTypeOf(Number(task.object_type));
    const postStatus = await selectPostStatus(this.#db, type, task.object_id);
    if (postStatus === undefined) throw notFound();
    const post = await this.#sources[type](task.object_id);
    // The post no longer waits (its author deleted it, or another review got there first).
    if (!post || postStatus !== PENDING_POST_STATUS) throw alreadyReviewed();
    const outcome = OUTCOME[body.status];
    const typeId = await this.#configIds.id(outcome.key);
    const followers = type === 'question' && body.status === 'reject' ? await this.#queuedAnswers(post.id) : [];
    await changeStatus(
      this.#db,
      {
        table: type,
        id: post.id,
        column: 'status',
        from: PENDING_POST_STATUS,
        to: outcome.post,
        touch: true,
        activity: { userId: actor.userId, typeId, originalObjectId: post.questionId },
        lost: alreadyReviewed,
        effects: async (trx, now) => {
          if (!(await settleReview(trx, task.id, outcome.review, actor.userId, now))) throw alreadyReviewed();
          await (body.status === 'approve' ? post.publish(trx, now) : post.reject(trx, now));
          for (const answer of followers) await this.#rejectWith(trx, answer, actor.userId, typeId, now);
        },
        notify: inboxHook([
          {
            userId: post.authorId,
            triggerUserId: actor.userId,
            action: outcome.action,
            object: { id: post.id, type: post.type, title: post.title, map: post.map },
          },
        ]),
      },
      this.#now,
    );
  }

  /** The answers queued on a question with their tasks, read before the review's transaction. */
  async #queuedAnswers(questionId: string): Promise<Array<{ taskId: number; post: QueuedPost }>> {
    const out = [];
    for (const task of await selectQueuedAnswerTasks(this.#db, questionId)) {
      const post = await this.#sources.answer(task.object_id);
      if (post) out.push({ taskId: Number(task.id), post });
    }
    return out;
  }

  /** Rejects an answer queued on a rejected question, in the question's transaction (if it still waits). */
  async #rejectWith(
    trx: Transaction<DB>,
    answer: { taskId: number; post: QueuedPost },
    reviewerId: number,
    typeId: number,
    now: number,
  ): Promise<void> {
    const status = { column: 'status', from: PENDING_POST_STATUS } as const;
    const rejected = { status: OUTCOME.reject.post, updated_at: now };
    if (!(await compareAndSet(trx, 'answer', answer.post.id, status, rejected))) return;
    if (!(await settleReview(trx, answer.taskId, REVIEW_STATUS.rejected, reviewerId, now))) throw alreadyReviewed();
    await answer.post.reject(trx, now);
    const activity = { userId: reviewerId, objectId: answer.post.id, originalObjectId: answer.post.questionId };
    await recordActivity(trx, { ...activity, typeId, now });
  }
}
