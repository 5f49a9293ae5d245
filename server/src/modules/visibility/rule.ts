import type { ErrType } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { isStaffRole, QUESTION_STATUS, SHOW, TAG_STATUS } from '../post/table';
import { loadChain, selectTagLink } from './repository';
import { POST_STATUS, type Chain, type PostType, type Viewer, type VisibleObject } from './table';

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

export { POST_STATUS } from './table';
export type { AnswerLink, Chain, CommentLink, PostType, QuestionLink, Viewer, VisibleObject } from './table';

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
  return resolveVisibleTag(await selectTagLink(db, id), withDeleted, (tagId) => selectTagLink(db, tagId));
}
