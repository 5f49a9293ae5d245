import type { ErrType } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { isStaffRole, QUESTION_STATUS, SHOW, TAG_STATUS } from '../post/table';

/**
 * The one visibility rule of posts: who may see a question, an answer or a comment,
 * walking comment -> answer -> question. Every read and every write that names a post by id asks it,
 * so a post hidden from someone is hidden on every route, and each route answers a hidden post exactly
 * as it answers an id that does not exist (404 with the post type's own reason).
 *
 * - A question is seen by everyone while it is open or closed and listed; a deleted, pending (queued)
 *   or unlisted one only by its author and staff (admins and moderators).
 * - An answer needs its question seen; an available answer is seen by all who see the question, a
 *   deleted or pending one only by its author and staff.
 * - A comment needs its answer (if on one) and question seen; an available comment is seen by all of
 *   them, a pending one by its author and staff, a deleted one by nobody.
 * - A tag is seen while available (a synonym stands for its main tag); a deleted one only by who may
 *   restore it.
 */

/** Who looks: the session's user and role; `{}` is a visitor. */
export interface Viewer {
  userId?: number | null;
  roleId?: number;
}

/** answer.status and comment.status. */
export const POST_STATUS = { available: 1, deleted: 10, pending: 11 } as const;

export interface QuestionLink {
  id: string;
  user_id: number;
  status: number;
  show: number;
}

export interface AnswerLink {
  id: string;
  question_id: string;
  user_id: number;
  status: number;
}

export interface CommentLink {
  id: string;
  object_id: string;
  question_id: string;
  user_id: number;
  status: number;
}

/** A post with the posts above it. */
export interface Chain {
  question: QuestionLink;
  answer?: AnswerLink | null;
  comment?: CommentLink | null;
}

export type VisibleObject =
  | { type: 'question'; question: QuestionLink }
  | { type: 'answer'; question: QuestionLink; answer: AnswerLink }
  | { type: 'comment'; question: QuestionLink; answer: AnswerLink | null; comment: CommentLink };

export type PostType = VisibleObject['type'];

/** What a route answers for a post of this type that is missing or hidden (the post's own 404). */
export function notFoundReason(type: string | null): string {
  if (type === 'question') return 'error.question.not_found';
  if (type === 'answer') return 'error.answer.not_found';
  if (type === 'comment') return 'error.comment.not_found';
  return 'error.object.not_found';
}

/** The rule itself: whether `viewer` may see the last post of `chain` (and so every post above it). */
export function canSee(viewer: Viewer, chain: Chain): boolean {
  const privileged = (authorId: number) =>
    isStaffRole(viewer.roleId) ||
    (viewer.userId !== undefined && viewer.userId !== null && viewer.userId === Number(authorId));
  const q = chain.question;
  const live = (q.status === QUESTION_STATUS.open || q.status === QUESTION_STATUS.closed) && q.show === SHOW.listed;
  if (!live && !privileged(q.user_id)) return false;
  const answer = chain.answer;
  if (answer && answer.status !== POST_STATUS.available && !privileged(answer.user_id)) return false;
  const comment = chain.comment;
  if (comment) {
    if (comment.status === POST_STATUS.deleted) return false;
    if (comment.status !== POST_STATUS.available && !privileged(comment.user_id)) return false;
  }
  return true;
}

/**
 * Whether new activity may land on the post (votes, comments, bookmarks, follows, flags): its question
 * open or closed, its answer and comment available. Seeing a deleted post (its author, staff) does not
 * make it writable.
 */
export function isLive(chain: Chain): boolean {
  const q = chain.question;
  if (q.status !== QUESTION_STATUS.open && q.status !== QUESTION_STATUS.closed) return false;
  if (chain.answer && chain.answer.status !== POST_STATUS.available) return false;
  if (chain.comment && chain.comment.status !== POST_STATUS.available) return false;
  return true;
}

const num = <T extends { user_id: number | string; status: number | string }>(row: T) => ({
  ...row,
  user_id: Number(row.user_id),
  status: Number(row.status),
});

/** The post named by `id` with the posts above it (one statement), or null when there is none. */
async function loadChain(db: Kysely<DB>, id: string): Promise<VisibleObject | null> {
  const type = objectTypeOf(id);
  if (type === 'question') {
    const row = await db
      .selectFrom('question')
      .select(['id', 'user_id', 'status', 'show'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { type, question: { ...num(row), show: Number(row.show) } } : null;
  }
  if (type === 'answer') {
    const row = await db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .select([
        'answer.id',
        'answer.question_id',
        'answer.user_id',
        'answer.status',
        'question.user_id as q_user_id',
        'question.status as q_status',
        'question.show as q_show',
      ])
      .where('answer.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      type,
      answer: num({ id: row.id, question_id: row.question_id, user_id: row.user_id, status: row.status }),
      question: {
        id: row.question_id,
        user_id: Number(row.q_user_id),
        status: Number(row.q_status),
        show: Number(row.q_show),
      },
    };
  }
  if (type === 'comment') {
    const row = await db
      .selectFrom('comment')
      .innerJoin('question', 'question.id', 'comment.question_id')
      .leftJoin('answer', 'answer.id', 'comment.object_id')
      .select([
        'comment.id',
        'comment.object_id',
        'comment.question_id',
        'comment.user_id',
        'comment.status',
        'question.user_id as q_user_id',
        'question.status as q_status',
        'question.show as q_show',
        'answer.id as a_id',
        'answer.user_id as a_user_id',
        'answer.status as a_status',
      ])
      .where('comment.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const onAnswer = objectTypeOf(row.object_id) === 'answer';
    // A comment on an answer that is gone has nothing to hang from.
    if (onAnswer && row.a_id === null) return null;
    return {
      type,
      comment: num({
        id: row.id,
        object_id: row.object_id,
        question_id: row.question_id,
        user_id: row.user_id,
        status: row.status,
      }),
      answer: onAnswer
        ? {
            id: row.a_id!,
            question_id: row.question_id,
            user_id: Number(row.a_user_id),
            status: Number(row.a_status),
          }
        : null,
      question: {
        id: row.question_id,
        user_id: Number(row.q_user_id),
        status: Number(row.q_status),
        show: Number(row.q_show),
      },
    };
  }
  return null;
}

/** The post named by `id` when `viewer` may see it (the whole chain), else null. */
export async function findVisible(db: Kysely<DB>, rawId: string, viewer: Viewer): Promise<VisibleObject | null> {
  const chain = await loadChain(db, rawId.trim());
  return chain && canSee(viewer, chain) ? chain : null;
}

export interface RequireOptions {
  /** Post types the route takes; any other id answers 404 error.object.not_found before any read. */
  types?: readonly PostType[];
  /** Also refuse a post that is seen but not live (deleted, pending), with the same 404. */
  live?: boolean;
  errType?: ErrType;
}

/**
 * The post named by `id` when `viewer` may see it; else the 404 that post type answers when it does
 * not exist (`error.question.not_found`, ...), so the answer never tells a hidden post from a missing one.
 */
export async function requireVisible(
  db: Kysely<DB>,
  rawId: string,
  viewer: Viewer,
  options: RequireOptions = {},
): Promise<VisibleObject> {
  const id = rawId.trim();
  const type = objectTypeOf(id);
  const fail = (reason: string) => new ApiFailure(404, reason, options.errType ? { errType: options.errType } : {});
  const accepted = options.types ?? ['question', 'answer', 'comment'];
  if (!type || !(accepted as readonly string[]).includes(type)) throw fail('error.object.not_found');
  const found = await findVisible(db, id, viewer);
  if (!found || (options.live && !isLive(found))) throw fail(notFoundReason(type));
  return found;
}

/** The tag `row` stands for when `withDeleted` (tag.undeleted) is as given: its main tag for a synonym; null when none is seen. */
export async function resolveVisibleTag<T extends { status: number; main_tag_id: string | null }>(
  row: T | undefined,
  withDeleted: boolean,
  load: (id: string) => Promise<T | undefined>,
): Promise<T | null> {
  let tag = row;
  if (tag?.main_tag_id && tag.status === TAG_STATUS.available) tag = await load(tag.main_tag_id);
  if (!tag) return null;
  if (tag.status === TAG_STATUS.available || (withDeleted && tag.status === TAG_STATUS.deleted)) return tag;
  return null;
}

/** The tag of this id as the rule above lets the viewer see it, or null. */
export async function findVisibleTag(db: Kysely<DB>, id: string, withDeleted: boolean) {
  const load = (tagId: string) =>
    db.selectFrom('tag').select(['id', 'status', 'main_tag_id']).where('id', '=', tagId).executeTakeFirst();
  return resolveVisibleTag(await load(id), withDeleted, load);
}
