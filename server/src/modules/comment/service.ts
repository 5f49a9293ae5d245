import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  type AddCommentBody,
  type Comment,
  type CommentPage,
  type CommentPageQuery,
  type UpdateCommentBody,
  type UpdatedComment,
} from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { newObjectId, objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { seconds } from '../../lib/time';
import { apiStatus, avatarUrl } from '../accounts/mapping';
import { configIds } from '../config/service';
import { isStaffRole } from '../post/table';
import { authorOf, type AlsoInTransaction } from '../post/transition';
import { recordActivity } from '../reputation';
import { QueueRule } from '../review/rule';
import type { QueuedPostSource } from '../review/table';
import { findVisible, isLive, requireVisible } from '../visibility/rule';
import { commentRights, memberActions, type CommentViewer } from './actions';
import { linkMentions, mentionCandidates } from './mention';
import { notifyCommentDeleted, notifyEditedMentions, notifyNewComment, type CommentedPost } from './notices';
import * as repo from './repository';
import { COMMENT_STATUS, type CommentRow } from './table';

export { COMMENT_STATUS } from './table';
/** Absent page / page_size mean 1 and 10. */
export const DEFAULT_COMMENT_PAGE_SIZE = 10;
/** What GET comment shows: available comments, and queued ones to those the visibility rule lets see them. */
const SHOWN = [COMMENT_STATUS.available, COMMENT_STATUS.pending];
/** At most this many mentioned users of one comment are notified. */
const MAX_MENTION_NOTIFICATIONS = 10;

/** The comment text trimmed, or a 400 field error on `original_text` (2-600 code points). */
export function checkCommentText(text: string): string {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  if (length < COMMENT_MIN_LENGTH) {
    throw ApiFailure.fields([
      { field: 'original_text', reason: 'validation.min_length', params: { limit: COMMENT_MIN_LENGTH } },
    ]);
  }
  if (length > COMMENT_MAX_LENGTH) {
    throw ApiFailure.fields([
      { field: 'original_text', reason: 'validation.max_length', params: { limit: COMMENT_MAX_LENGTH } },
    ]);
  }
  return trimmed;
}

/** Comments on questions and answers, on the site's database. */
export class CommentService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  readonly #queue: QueueRule;

  /** `queue`: the rule that holds new posts for review (without one: the install defaults, off). */
  constructor(db: Kysely<DB>, options: { now?: () => number; queue?: QueueRule } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#queue = options.queue ?? new QueueRule(db, { now: this.#now });
  }

  /** Whose pending comments the viewer sees in lists: staff every one, a member their own. */
  #pendingOf(viewer: CommentViewer): repo.PendingOf {
    if (isStaffRole(viewer.roleId)) return 'all';
    return viewer.userId;
  }

  /**
   * GET comment/page: available comments of a question or answer the viewer may see (the visibility
   * rule, else that post's own 404); deleted ones never show.
   */
  async page(query: CommentPageQuery, viewer: CommentViewer): Promise<CommentPage> {
    const parent = await requireVisible(this.#db, query.object_id, viewer, { types: ['question', 'answer'] });
    const page = query.page ?? 1;
    const size = query.page_size ?? DEFAULT_COMMENT_PAGE_SIZE;
    const pinned = query.comment_id ? query.comment_id : null;
    const pendingOf = this.#pendingOf(viewer);
    const count = await repo.countAvailable(this.#db, query.object_id, pendingOf);
    // With a pinned comment the others shift by one: it takes the first place of page 1.
    const pinnedRow = pinned ? await this.#available(pinned, viewer) : undefined;
    const first = pinnedRow && pinnedRow.object_id === query.object_id ? pinnedRow : undefined;
    const offset = (page - 1) * size - (first && page > 1 ? 1 : 0);
    const limit = first && page === 1 ? size - 1 : size;
    const list =
      limit > 0
        ? await repo.listAvailable(this.#db, query.object_id, {
            byVotes: query.query_cond === 'vote',
            exceptId: pinned,
            offset: Math.max(0, offset),
            limit,
            pendingOf,
          })
        : [];
    if (first && page === 1) list.unshift(first);
    return { count, list: await this.#toComments(list, viewer, isLive(parent)) };
  }

  /**
   * GET comment?id=: one available comment the viewer may see, or a queued one to its author and staff
   * (404 error.comment.not_found otherwise).
   */
  async get(id: string, viewer: CommentViewer): Promise<Comment> {
    const found = await findVisible(this.#db, id, viewer);
    const row = found?.type === 'comment' ? await repo.findAvailable(this.#db, id, SHOWN) : undefined;
    if (!row || !found) throw ApiFailure.notFound('error.comment.not_found');
    const [comment] = await this.#toComments([row], viewer, isLive(found));
    return comment!;
  }

  /** POST comment (the route checked the session, comment.add, the captcha and duplicates). */
  async add(body: AddCommentBody, viewer: CommentViewer & { userId: number }): Promise<Comment> {
    const text = checkCommentText(body.original_text);
    const target = await this.#target(body.object_id, viewer);
    let replyUserId: number | null = null;
    let replyCommentId: string | null = null;
    if (body.reply_comment_id) {
      const replied = await this.#available(body.reply_comment_id, viewer);
      if (!replied || replied.object_id !== body.object_id) throw ApiFailure.notFound('error.comment.not_found');
      replyUserId = replied.user_id;
      replyCommentId = replied.id;
    }
    const { html: parsed, mentioned } = await this.#render(text, body.mention_username_list);
    const author = { userId: viewer.userId, roleId: viewer.roleId ?? 1 };
    const policy = await this.#queue.policy(author);
    const id = await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const post = { type: 'comment' as const, authorId: viewer.userId, title: '', body: text };
      const queued = await this.#queue.decide(trx, policy, post);
      const commentId = await newObjectId(trx, 'comment');
      await repo.insertComment(trx, {
        id: commentId,
        user_id: viewer.userId,
        reply_user_id: replyUserId,
        reply_comment_id: replyCommentId,
        object_id: body.object_id,
        question_id: target.questionId,
        vote_count: 0,
        status: queued ? COMMENT_STATUS.pending : COMMENT_STATUS.available,
        original_text: text,
        parsed_text: parsed,
        created_at: now,
        updated_at: now,
      });
      await this.#activity(trx, viewer.userId, commentId, body.object_id, `${target.type}.commented`, now);
      // A queued comment counts and notifies when a reviewer approves it.
      if (queued) {
        await this.#queue.enqueue(trx, queued, { id: commentId, type: 'comment', authorId: viewer.userId }, now);
        return commentId;
      }
      if (target.type === 'answer') await repo.bumpAnswerCommentCount(trx, body.object_id, 1);
      await notifyNewComment(trx, {
        commentId,
        author: viewer.userId,
        post: { ...target, objectId: body.object_id },
        replyUserId,
        mentioned,
        now,
      });
      return commentId;
    });
    return this.get(id, viewer);
  }

  /**
   * PUT comment: anyone holding comment.edit; the owner only within 5 minutes of posting (then 400
   * error.comment.cannot_edit_after_deadline); others 403. Members the new text mentions for the first
   * time are told (notices.ts).
   */
  async update(body: UpdateCommentBody, viewer: CommentViewer & { userId: number }): Promise<UpdatedComment> {
    const row = await this.#available(body.comment_id, viewer);
    if (!row) throw ApiFailure.notFound('error.comment.not_found');
    if (!commentRights(row, viewer, this.#now()).edit) {
      if (row.user_id !== viewer.userId) throw ApiFailure.forbidden('error.rank.fail_to_meet_the_condition');
      throw ApiFailure.badRequest('error.comment.cannot_edit_after_deadline');
    }
    const text = checkCommentText(body.original_text);
    const { html: parsed, mentioned } = await this.#render(text);
    const before = (await this.#render(row.original_text)).mentioned;
    const post = await this.#commentedPost(row);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      await repo.updateText(trx, row.id, { original_text: text, parsed_text: parsed, updated_at: now });
      // A queued comment tells nobody until a reviewer approves it (then with its text of that time).
      if (row.status !== COMMENT_STATUS.available) return;
      await notifyEditedMentions(trx, { comment: row, editor: viewer.userId, post, before, after: mentioned, now });
    });
    return { comment_id: row.id, original_text: text, parsed_text: parsed };
  }

  /**
   * DELETE comment: the owner or comment.delete; a soft delete (status 10) with a `comment.deleted`
   * activity of the deleter, 403 for others. `also` runs in the same transaction when this call deletes it. Deleted by someone else, the author is
   * told (your_comment_was_deleted, with `reason` when the caller has one).
   */
  async remove(
    commentId: string,
    viewer: CommentViewer & { userId: number },
    also?: AlsoInTransaction,
    reason?: string,
  ): Promise<void> {
    const row = await this.#available(commentId, viewer);
    if (!row) throw ApiFailure.notFound('error.comment.not_found');
    if (!commentRights(row, viewer, this.#now()).delete) {
      throw ApiFailure.forbidden('error.rank.fail_to_meet_the_condition');
    }
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const deleted = await repo.markDeleted(trx, row.id, now);
      if (!deleted) return;
      const type = objectTypeOf(row.object_id) === 'answer' ? 'answer' : 'question';
      if (type === 'answer') await repo.bumpAnswerCommentCount(trx, row.object_id, -1);
      await this.#activity(trx, viewer.userId, row.id, row.object_id, 'comment.deleted', now);
      await notifyCommentDeleted(trx, { comment: row, by: viewer.userId, type, reason, now });
      await also?.(trx, now);
    });
  }

  /**
   * A pending comment for the review queue: approving counts it on its answer and sends the notices a
   * new comment sends (reply, mentions, the post's author); rejecting writes nothing more.
   */
  readonly queued: QueuedPostSource = async (id) => {
    const row = await repo.findAvailable(this.#db, id, [COMMENT_STATUS.pending]);
    if (!row) return undefined;
    const post = await this.#commentedPost(row);
    const { type, title } = post;
    const { mentioned } = await this.#render(row.original_text);
    const map: Record<string, string> = { question: row.question_id, comment: id };
    if (type === 'answer') map.answer = row.object_id;
    return {
      id,
      type: 'comment',
      authorId: row.user_id,
      questionId: row.question_id,
      title,
      map,
      publish: async (trx, now) => {
        if (type === 'answer') await repo.bumpAnswerCommentCount(trx, row.object_id, 1);
        await notifyNewComment(trx, {
          commentId: id,
          author: row.user_id,
          post,
          replyUserId: row.reply_user_id,
          mentioned,
          now,
        });
      },
      reject: async () => {},
    };
  };

  /** Markdown -> sanitized HTML with the `@name`s of existing users linked to /u/{name}. */
  async render(text: string): Promise<string> {
    return (await this.#render(text)).html;
  }

  /**
   * The HTML and the ids of the mentioned users: those whose `@name` the text links, and those the
   * author picked from the mention list (`listed`) whose `@name` the text holds (in code too), so a
   * list cannot mention anyone the comment does not show.
   */
  async #render(text: string, listed: string[] = []): Promise<{ html: string; mentioned: number[] }> {
    const html = renderPostHtml(text);
    const candidates = mentionCandidates(text);
    if (candidates.length === 0) return { html, mentioned: [] };
    const users = await repo.liveUsersByUsername(this.#db, candidates);
    const linked = new Set<string>();
    const out = linkMentions(html, new Set(users.map((u) => u.username.toLowerCase())), linked);
    for (const name of listed)
      if (candidates.includes(name.trim().toLowerCase())) linked.add(name.trim().toLowerCase());
    // In the order the text names them.
    const byName = new Map(users.map((u) => [u.username.toLowerCase(), Number(u.id)]));
    const mentioned = [...linked].flatMap((name) => (byName.has(name) ? [byName.get(name)!] : []));
    return { html: out, mentioned: mentioned.slice(0, MAX_MENTION_NOTIFICATIONS) };
  }

  /** The question or answer a comment sits on, with its author and the question's title. */
  async #commentedPost(row: CommentRow): Promise<CommentedPost> {
    const type = objectTypeOf(row.object_id) === 'answer' ? 'answer' : 'question';
    const ownerId = (await authorOf(this.#db, type, row.object_id)) ?? 0;
    const title = await repo.questionTitle(this.#db, row.question_id);
    return { type, questionId: row.question_id, objectId: row.object_id, ownerId, title };
  }

  /** An available comment the viewer may see (the visibility rule over its answer and question). */
  async #available(id: string, viewer: CommentViewer): Promise<CommentRow | undefined> {
    const visible = await findVisible(this.#db, id, viewer);
    if (visible?.type !== 'comment') return undefined;
    return repo.findAvailable(this.#db, id);
  }

  /**
   * The question or answer commented on: one the actor cannot see answers its own 404 (as if it did
   * not exist); one they see that is deleted (their own, or staff) 400 error.object.already_deleted.
   */
  async #target(
    objectId: string,
    viewer: CommentViewer,
  ): Promise<{ type: 'question' | 'answer'; questionId: string; ownerId: number; title: string }> {
    const target = await requireVisible(this.#db, objectId, viewer, { types: ['question', 'answer'] });
    if (target.type === 'comment') throw ApiFailure.notFound('error.object.not_found');
    if (!isLive(target)) throw ApiFailure.badRequest('error.object.already_deleted');
    const title = await repo.questionTitle(this.#db, target.question.id);
    const owner = target.type === 'answer' ? target.answer.user_id : target.question.user_id;
    return { type: target.type, questionId: target.question.id, ownerId: owner, title };
  }

  /** A comment's timeline activity (`commented`, `deleted`), when the config knows the key. */
  async #activity(
    trx: Transaction<DB>,
    userId: number,
    commentId: string,
    objectId: string,
    key: string,
    now: number,
  ): Promise<void> {
    const typeId = (await configIds(trx, [key])).get(key);
    if (typeId === undefined) return;
    await recordActivity(trx, { userId, objectId: commentId, originalObjectId: objectId, typeId, now });
  }

  /** `live`: the comments' question (and answer) take new activity, so a flag would be accepted. */
  async #toComments(rows: CommentRow[], viewer: CommentViewer, live: boolean): Promise<Comment[]> {
    if (rows.length === 0) return [];
    const userIds = new Set<number>();
    for (const row of rows) {
      userIds.add(row.user_id);
      if (row.reply_user_id !== null) userIds.add(row.reply_user_id);
    }
    const byId = new Map((await repo.userBriefs(this.#db, [...userIds])).map((u) => [u.id, u]));
    const voted = new Set<string>();
    if (viewer.userId !== null) {
      const voteType = (await configIds(this.#db, ['comment.vote_up'])).get('comment.vote_up');
      if (voteType !== undefined) {
        const ids = rows.map((r) => r.id);
        for (const id of await repo.votedCommentIds(this.#db, viewer.userId, voteType, ids)) voted.add(id);
      }
    }
    const now = this.#now();
    return rows.map((row): Comment => {
      const user = byId.get(row.user_id);
      const reply = row.reply_user_id === null ? undefined : byId.get(row.reply_user_id);
      return {
        comment_id: row.id,
        created_at: seconds(row.created_at),
        object_id: row.object_id,
        vote_count: row.vote_count,
        is_vote: voted.has(row.id),
        original_text: row.original_text,
        parsed_text: row.parsed_text,
        user_id: String(row.user_id),
        username: user?.username ?? '',
        user_display_name: user?.display_name ?? '',
        user_avatar: user ? avatarUrl(user.avatar) : '',
        user_status: user ? apiStatus(user) : 'deleted',
        reply_user_id: row.reply_user_id === null ? '' : String(row.reply_user_id),
        reply_username: reply?.username ?? '',
        reply_user_display_name: reply?.display_name ?? '',
        reply_comment_id: row.reply_comment_id ?? '',
        reply_user_status: row.reply_user_id === null ? '' : reply ? apiStatus(reply) : 'deleted',
        member_actions: memberActions(row, viewer, now, live && row.status === COMMENT_STATUS.available),
        ...(row.status === COMMENT_STATUS.pending ? { status: COMMENT_STATUS.pending } : {}),
      };
    });
  }
}
