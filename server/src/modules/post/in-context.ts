import type { PostUserInfo, TagResp } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import {
  selectContextAnswers,
  selectContextComments,
  selectContextQuestion,
  selectContextQuestions,
  selectContextTags,
  type selectContextAnswer,
  type selectContextComment,
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

type QuestionRow = ContextQuestionRow;
type AnswerRow = NonNullable<Awaited<ReturnType<typeof selectContextAnswer>>>;
type CommentRow = NonNullable<Awaited<ReturnType<typeof selectContextComment>>>;

function questionInContext(q: QuestionRow): PostInContext {
  return {
    type: 'question',
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

function answerInContext(a: AnswerRow, q: QuestionRow): PostInContext {
  return {
    type: 'answer',
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

/** A comment in its question; `answer`: the answer it is on (undefined for a comment on the question). */
function commentInContext(c: CommentRow, q: QuestionRow, answer: AnswerRow | undefined): PostInContext {
  return {
    type: 'comment',
    id: c.id,
    authorId: Number(c.user_id),
    question: q,
    answerId: commentAnswerId(c),
    commentId: c.id,
    status: Number(c.status),
    showStatus: SHOW.listed,
    createdAt: Number(c.created_at),
    originalText: c.original_text,
    parsedText: c.parsed_text,
    accepted: answer ? Number(answer.adopted) === ADOPTED.yes : q.accepted_answer_id !== null,
  };
}

const commentAnswerId = (c: CommentRow) => (objectTypeOf(c.object_id) === 'answer' ? c.object_id : '');

/** A question, answer or comment with the question it sits in, or null when a row is missing. */
export async function loadPostInContext(db: Kysely<DB>, objectId: string): Promise<PostInContext | null> {
  return (await loadPostsInContext(db, [objectId])).get(objectId) ?? null;
}

/**
 * Posts with the questions they sit in, by id (a post whose rows are missing is left out), in a fixed
 * number of queries however many there are: the posts of each type, then their questions, then the
 * answers comments are on.
 */
export async function loadPostsInContext(db: Kysely<DB>, objectIds: string[]): Promise<Map<string, PostInContext>> {
  const ofType = (type: string) => [...new Set(objectIds.filter((id) => objectTypeOf(id) === type))];
  const questionIds = ofType('question');
  const answers = await selectContextAnswers(db, ofType('answer'));
  const comments = await selectContextComments(db, ofType('comment'));
  const questions = new Map(
    (
      await selectContextQuestions(db, [
        ...questionIds,
        ...answers.map((a) => a.question_id),
        ...comments.map((c) => c.question_id),
      ])
    ).map((q) => [q.id, q]),
  );
  const onAnswers = new Map(
    (
      await selectContextAnswers(
        db,
        comments.map(commentAnswerId).filter((id) => id !== ''),
      )
    ).map((a) => [a.id, a]),
  );
  const out = new Map<string, PostInContext>();
  for (const id of questionIds) {
    const q = questions.get(id);
    if (q) out.set(id, questionInContext(q));
  }
  for (const a of answers) {
    const q = questions.get(a.question_id);
    if (q) out.set(a.id, answerInContext(a, q));
  }
  for (const c of comments) {
    const q = questions.get(c.question_id);
    if (q) out.set(c.id, commentInContext(c, q, onAnswers.get(commentAnswerId(c))));
  }
  return out;
}

/** The tags of a post's question as posts show them (also while its links are hidden). */
export async function contextTags(db: Kysely<DB>, questionId: string): Promise<TagResp[]> {
  return (await contextTagsOf(db, [questionId])).get(questionId) ?? [];
}

/** The tags of several questions (one query), by question id. */
export async function contextTagsOf(db: Kysely<DB>, questionIds: string[]): Promise<Map<string, TagResp[]>> {
  return tagsByQuestion(await selectContextTags(db, [...new Set(questionIds)]));
}

/** A member who no longer exists, as a review task names them. */
export function goneUser(id: number): PostUserInfo {
  const none = { id: String(id), username: '', rank: 0, display_name: '', avatar: '', website: '' };
  return { ...none, location: '', language: '', status: 'deleted', suspended_until: 0 };
}

/** The fields every review task shows of its post (the wire's task object), its author given. */
export async function taskFields(db: Kysely<DB>, post: PostInContext, author: PostUserInfo | undefined) {
  return taskFieldsWith(post, author, await contextTags(db, post.question.id));
}

/** taskFields with the question's tags already read (a page of tasks reads them at once). */
export function taskFieldsWith(post: PostInContext, author: PostUserInfo | undefined, tags: TagResp[]) {
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
    tags,
    object_status: post.status,
    object_show_status: post.showStatus,
    author_user_info: author ?? goneUser(post.authorId),
  };
}
