import type { PendingPost, PostUserInfo } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import { selectTaskAnswer, selectTaskComment, selectTaskQuestion, selectTaskTags } from './repository';
import { queuedTypeOf } from './table';

/** A pending review row as the page reads it. */
export interface TaskRow {
  id: number;
  user_id: number;
  object_id: string;
  object_type: number;
  reason: string;
  submitter: string;
  created_at: number;
}

const DELETED_AUTHOR: PostUserInfo = {
  id: '0',
  username: '',
  rank: 0,
  display_name: '',
  avatar: '',
  website: '',
  location: '',
  language: '',
  status: 'deleted',
  suspended_until: 0,
};

/**
 * The PendingPost of a review task: the queued object (its text, status and author) in its question
 * (title, tags, answer count), or undefined when the object is gone.
 */
export async function taskView(
  db: Kysely<DB>,
  task: TaskRow,
  users: (ids: number[]) => Promise<Map<number, PostUserInfo>>,
): Promise<PendingPost | undefined> {
  const type = queuedTypeOf(Number(task.object_type));
  let object: { original_text: string; parsed_text: string; status: number; created_at: number; user_id: number };
  let questionId: string;
  let answerId = '';
  let commentId = '';
  if (type === 'question') {
    questionId = task.object_id;
    const q = await selectTaskQuestion(db, questionId);
    if (!q) return undefined;
    object = q;
  } else if (type === 'answer') {
    const a = await selectTaskAnswer(db, task.object_id);
    if (!a) return undefined;
    object = a;
    questionId = a.question_id;
    answerId = a.id;
  } else {
    const c = await selectTaskComment(db, task.object_id);
    if (!c) return undefined;
    object = c;
    questionId = c.question_id;
    commentId = c.id;
    if (c.object_id !== c.question_id) answerId = c.object_id;
  }
  const question = await selectTaskQuestion(db, questionId);
  if (!question) return undefined;
  const [tags, people] = await Promise.all([selectTaskTags(db, questionId), users([Number(object.user_id)])]);
  return {
    review_id: Number(task.id),
    created_at: seconds(object.created_at),
    object_id: task.object_id,
    question_id: questionId,
    answer_id: answerId,
    comment_id: commentId,
    object_type: type,
    title: question.title,
    url_title: urlTitle(question.title),
    original_text: object.original_text,
    parsed_text: object.parsed_text,
    answer_count: Number(question.answer_count),
    answer_accepted: question.accepted_answer_id !== null,
    tags: tags.map((t) => ({
      slug_name: t.slug_name,
      display_name: t.display_name,
      main_tag_slug_name: t.main_tag_slug_name ?? '',
      recommend: Number(t.recommend) === 1,
      reserved: Number(t.reserved) === 1,
    })),
    object_status: Number(object.status),
    object_show_status: Number(question.show),
    author_user_info: people.get(Number(object.user_id)) ?? DELETED_AUTHOR,
    submit_at: seconds(task.created_at),
    submitter_display_name: task.submitter,
    reason: task.reason,
  };
}
