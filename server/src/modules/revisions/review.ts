import type { UnreviewedRevision, UnreviewedRevisionPage } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import { notifyInbox, type InboxNotice, type NoticeObject } from '../notification/inbox';
import { allowedActions } from '../permission/require';
import { actorOf, isStaff } from '../post/actor';
import { loadContextQuestion } from '../post/in-context';
import { PostListReads, tagsByQuestion } from '../post/list-reads';
import type { AvatarSettings } from '../profile/avatar';
import { applyReputation } from '../reputation';
import { RevisionHistory } from './history';
import {
  countReviewable,
  isInScope,
  reviewRevision,
  selectAnswerNow,
  selectReviewable,
  selectRevision,
  selectTagNow,
  type ReviewScope,
} from './repository';
import { alreadyReviewed, type RevisionApplier } from './service';
import { REVISION_STATUS, type RevisedType } from './table';

export type { ReviewScope } from './repository';

/** The owner module's applier of each revised type (question, answer and tag modules). */
export type RevisionAppliers = Record<RevisedType, RevisionApplier>;

export type AuditOperation = 'approve' | 'reject';

const REVISED: readonly RevisedType[] = ['question', 'answer', 'tag'];
const TYPE_OF: Record<number, RevisedType> = { 1: 'question', 2: 'answer', 3: 'tag' };
const notFound = () => ApiFailure.notFound('error.review.not_found');
type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The review queue of the request's user: the types whose audit privilege (`question.audit`,
 * `answer.audit`, `tag.audit`) they hold (staff hold all), and whether they are staff.
 */
export async function reviewScopeOf(request: FastifyRequest): Promise<ReviewScope> {
  const actor = actorOf(request);
  const allowed = await allowedActions(
    request,
    REVISED.map((type) => `${type}.audit`),
  );
  return {
    userId: actor.userId,
    staff: isStaff(actor.roleId),
    types: REVISED.filter((type) => allowed.has(`${type}.audit`)),
  };
}

/** The object a suggested edit is about, as it is now: what a task shows and what a notice points at. */
interface ObjectNow {
  info: UnreviewedRevision['info'];
  authorId: number;
  notice: NoticeObject;
}

/**
 * Suggested edits as review tasks: the queue of a reviewer (their audit privileges, the objects they
 * may see, never their own edits), one task per page, and the audit that approves or rejects one.
 */
export class RevisionReview {
  readonly #db: Kysely<DB>;
  readonly #appliers: RevisionAppliers;
  readonly #now: () => number;
  readonly #history: RevisionHistory;
  readonly #reads: PostListReads;

  constructor(db: Kysely<DB>, appliers: RevisionAppliers, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#appliers = appliers;
    this.#now = options.now ?? Date.now;
    this.#history = new RevisionHistory(db);
    this.#reads = new PostListReads(db);
  }

  /** How many suggested edits wait in the reviewer's queue. */
  count(scope: ReviewScope): Promise<number> {
    return countReviewable(this.#db, scope);
  }

  /** GET revisions/unreviewed: the `page`th task of the queue (oldest first) and the queue's length. */
  async page(scope: ReviewScope, page: number, avatars: AvatarSettings): Promise<UnreviewedRevisionPage> {
    const count = await countReviewable(this.#db, scope);
    const row = await selectReviewable(this.#db, scope, page - 1);
    if (!row) return { count, list: [] };
    const type = TYPE_OF[row.object_type]!;
    const now = await this.#objectNow(this.#db, type, row.object_id);
    if (!now) return { count, list: [] };
    const heading = type === 'tag' ? '' : now.info.title;
    const [revision] = await this.#history.present([row], type, heading, avatars);
    return { count, list: [{ type, info: now.info, unreviewed_info: revision! }] };
  }

  /**
   * PUT revisions/audit. An unknown revision, or one whose object the reviewer may not see, is 404
   * error.review.not_found; a type they may not audit, or their own edit, 400 error.revision.no_permission;
   * one already reviewed (also by a concurrent audit: the status moves by compare-and-set) 400
   * error.review.already_reviewed. Approving applies the revision through its owner's applier, gives
   * the editor edit.accepted and tells the post's author; the editor hears either outcome; all in one
   * transaction.
   */
  async audit(scope: ReviewScope, id: number, operation: AuditOperation): Promise<void> {
    const row = await selectRevision(this.#db, id);
    if (!row) throw notFound();
    const type = TYPE_OF[row.object_type];
    if (!type || !scope.types.includes(type) || Number(row.user_id) === scope.userId)
      throw ApiFailure.badRequest('error.revision.no_permission');
    if (!(await isInScope(this.#db, scope, id))) throw notFound();
    if (row.status !== REVISION_STATUS.suggested) throw alreadyReviewed();
    const approve = operation === 'approve';
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const status = approve ? REVISION_STATUS.applied : REVISION_STATUS.rejected;
      if (!(await reviewRevision(trx, id, status, scope.userId, now))) throw alreadyReviewed();
      // The object may have gone meanwhile: the review rolls back as if it had never been there.
      if (!(await isInScope(trx, scope, id))) throw notFound();
      if (approve) await this.#appliers[type](trx, row, now);
      const object = (await this.#objectNow(trx, type, row.object_id, false))!;
      const editorId = Number(row.user_id);
      if (approve)
        await applyReputation(trx, {
          userId: editorId,
          key: 'edit.accepted',
          objectId: row.object_id,
          originalObjectId: object.info.question_id || row.object_id,
          triggerUserId: scope.userId,
          revisionId: id,
          now,
        });
      const notices: InboxNotice[] = [
        {
          userId: editorId,
          triggerUserId: scope.userId,
          action: approve ? 'your_edit_was_approved' : 'your_edit_was_rejected',
          object: object.notice,
          now,
        },
      ];
      // The post's author hears of the applied edit as of one applied directly (update_question /
      // update_answer, from its editor), unless they approved it themselves.
      if (approve && type !== 'tag' && object.authorId !== scope.userId)
        notices.push({
          userId: object.authorId,
          triggerUserId: editorId,
          action: type === 'question' ? 'update_question' : 'update_answer',
          object: object.notice,
          now,
        });
      await notifyInbox(trx, notices);
    });
  }

  /**
   * The object of a revision as it is now, or undefined when it is gone. Inside a transaction `db` is
   * it and `withTags` false: the tags are read apart (SQLite has one connection, held by the transaction).
   */
  async #objectNow(db: Executor, type: RevisedType, id: string, withTags = true): Promise<ObjectNow | undefined> {
    const none = { answer_id: '', comment_id: '', answer_count: 0, answer_accepted: false };
    if (type === 'tag') {
      const tag = await selectTagNow(db, id);
      if (!tag) return undefined;
      const info = {
        ...none,
        created_at: seconds(tag.created_at),
        object_id: tag.id,
        question_id: '',
        object_type: type,
        object_creator_user_id: String(tag.user_id),
        title: tag.display_name,
        url_title: tag.slug_name,
        content: tag.original_text,
        html: tag.parsed_text,
        tags: [],
        status: tag.status,
        show_status: 1,
      };
      // The notice leads to the tag's page (its slug as it is once the edit is applied).
      const notice = { id, type, title: tag.display_name, map: { tag: tag.slug_name } };
      return { info, authorId: Number(tag.user_id), notice };
    }
    const post = type === 'question' ? await this.#question(db, id) : await this.#answer(db, id);
    if (!post) return undefined;
    const read = withTags ? await this.#reads.tagsOf([post.questionId]) : [];
    const tags = tagsByQuestion(read).get(post.questionId) ?? [];
    const map: Record<string, string> = {
      question: post.questionId,
      ...(post.answerId ? { answer: post.answerId } : {}),
    };
    return {
      info: {
        ...none,
        ...post.info,
        object_id: id,
        question_id: post.questionId,
        answer_id: post.answerId,
        object_type: type,
        url_title: urlTitle(post.info.title),
        tags,
      },
      authorId: post.authorId,
      notice: { id, type, title: post.info.title, map },
    };
  }

  async #question(db: Executor, id: string) {
    const q = await loadContextQuestion(db, id);
    if (!q) return undefined;
    return {
      questionId: q.id,
      answerId: '',
      authorId: Number(q.user_id),
      info: {
        created_at: seconds(q.created_at),
        object_creator_user_id: String(q.user_id),
        title: q.title,
        content: q.original_text,
        html: q.parsed_text,
        answer_count: Number(q.answer_count),
        answer_accepted: !!q.accepted_answer_id,
        status: q.status,
        show_status: q.show,
      },
    };
  }

  async #answer(db: Executor, id: string) {
    const a = await selectAnswerNow(db, id);
    if (!a) return undefined;
    return {
      questionId: a.question_id,
      answerId: a.id,
      authorId: Number(a.user_id),
      info: {
        created_at: seconds(a.created_at),
        object_creator_user_id: String(a.user_id),
        title: a.title,
        content: a.original_text,
        html: a.parsed_text,
        answer_count: Number(a.answer_count),
        answer_accepted: a.adopted === 2,
        status: a.status,
        show_status: a.show,
      },
    };
  }
}
