import type { PostUserInfo, TagResp } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import {
  selectContextAnswer,
  selectContextComment,
  selectContextQuestion,
  selectContextTags,
  type ContextQuestionRow,
} from './context-repository';
import { tagsByQuestion } from './list-reads';
import { ADOPTED, SHOW } from './table';

/**
 * The shared read model of a post in its question, for the review queues: a flagged post and a queued
 * post show the same fields (its text, status and author, the question's title, tags and counts).
 */
export interface PostInContext {
  type: 'question' | 'answer' | 'comment';
  id: string;
  authorId: number;
  question: ContextQuestionRow;
  answerId: string;
  commentId: string;
  status: number;
  showStatus: number;
  createdAt: number;
  originalText: string;
  parsedText: string;
  accepted: boolean;
}

/** A question's row as a post in context shows it (a review task's question), inside a transaction too. */
export function loadContextQuestion(
  db: Kysely<DB> | Transaction<DB>,
  id: string,
): Promise<ContextQuestionRow | undefined> {
  return selectContextQuestion(db, id);
}

/** A question, answer or comment with the question it sits in, or null when a row is missing. */
export async function loadPostInContext(db: Kysely<DB>, objectId: string): Promise<PostInContext | null> {
  const type = objectTypeOf(objectId);
  if (type === 'question') {
    const q = await selectContextQuestion(db, objectId);
    if (!q) return null;
    return {
      type,
      id: q.id,
      authorId: Number(q.user_id),
      question: q,
      answerId: '',
      commentId: '',
      status: Number(q.status),
      showStatus: Number(q.show),
      createdAt: Number(q.created_at),
      originalText: q.original_text,
      parsedText: q.parsed_text,
      accepted: q.accepted_answer_id !== null,
    };
  }
  if (type === 'answer') {
    const a = await selectContextAnswer(db, objectId);
    const q = a && (await selectContextQuestion(db, a.question_id));
    if (!a || !q) return null;
    return {
      type,
      id: a.id,
      authorId: Number(a.user_id),
      question: q,
      answerId: a.id,
      commentId: '',
      status: Number(a.status),
      showStatus: SHOW.listed,
      createdAt: Number(a.created_at),
      originalText: a.original_text,
      parsedText: a.parsed_text,
      accepted: Number(a.adopted) === ADOPTED.yes,
    };
  }
  if (type === 'comment') {
    const c = await selectContextComment(db, objectId);
    const q = c && (await selectContextQuestion(db, c.question_id));
    if (!c || !q) return null;
    const answerId = objectTypeOf(c.object_id) === 'answer' ? c.object_id : '';
    const answer = answerId ? await selectContextAnswer(db, answerId) : undefined;
    return {
      type,
      id: c.id,
      authorId: Number(c.user_id),
      question: q,
      answerId,
      commentId: c.id,
      status: Number(c.status),
      showStatus: SHOW.listed,
      createdAt: Number(c.created_at),
      originalText: c.original_text,
      parsedText: c.parsed_text,
      accepted: answer ? Number(answer.adopted) === ADOPTED.yes : q.accepted_answer_id !== null,
    };
  }
  return null;
}

/** The tags of a post's question as posts show them (also while its links are hidden). */
export async function contextTags(db: Kysely<DB>, questionId: string): Promise<TagResp[]> {
  return tagsByQuestion(await selectContextTags(db, questionId)).get(questionId) ?? [];
}

/** A member who no longer exists, as a review task names them. */
export function goneUser(id: number): PostUserInfo {
  const none = { id: String(id), username: '', rank: 0, display_name: '', avatar: '', website: '' };
  return { ...none, location: '', language: '', status: 'deleted', suspended_until: 0 };
}

/** The fields every review task shows of its post (the wire's task object), its author given. */
export async function taskFields(db: Kysely<DB>, post: PostInContext, author: PostUserInfo | undefined) {
  const q = post.question;
  return {
    created_at: seconds(post.createdAt),
    object_id: post.id,
    question_id: q.id,
    answer_id: post.answerId,
    comment_id: post.commentId,
    object_type: post.type,
    title: q.title,
    url_title: urlTitle(q.title),
    original_text: post.originalText,
    parsed_text: post.parsedText,
    answer_count: Number(q.answer_count),
    answer_accepted: post.accepted,
    tags: await contextTags(db, q.id),
    object_status: post.status,
    object_show_status: post.showStatus,
    author_user_info: author ?? goneUser(post.authorId),
  };
}
