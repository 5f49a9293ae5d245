import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { TAG_REL } from './table';

type Db = Kysely<DB> | Transaction<DB>;

// The rows a post in context reads (review tasks, flags): the question, the answer and the comment.
const QUESTION_COLUMNS = [
  'id',
  'user_id',
  'title',
  'original_text',
  'parsed_text',
  'status',
  'show',
  'answer_count',
  'accepted_answer_id',
  'created_at',
] as const;
const ANSWER_COLUMNS = [
  'id',
  'question_id',
  'user_id',
  'original_text',
  'parsed_text',
  'status',
  'adopted',
  'created_at',
] as const;
const COMMENT_COLUMNS = [
  'id',
  'object_id',
  'question_id',
  'user_id',
  'original_text',
  'parsed_text',
  'status',
  'created_at',
] as const;

export function selectContextQuestion(db: Db, id: string) {
  return db.selectFrom('question').select(QUESTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type ContextQuestionRow = NonNullable<Awaited<ReturnType<typeof selectContextQuestion>>>;

export function selectContextAnswer(db: Db, id: string) {
  return db.selectFrom('answer').select(ANSWER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function selectContextComment(db: Db, id: string) {
  return db.selectFrom('comment').select(COMMENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Questions' tags, also while their links are hidden (unlisted or queued), in the order they were attached. */
export function selectContextTags(db: Db, questionIds: string[]) {
  if (questionIds.length === 0) return none;
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select([
      'tag_rel.object_id',
      'tag.slug_name',
      'tag.display_name',
      'tag.main_tag_slug_name',
      'tag.recommend',
      'tag.reserved',
    ])
    .where('tag_rel.object_id', 'in', questionIds)
    .where('tag_rel.status', 'in', [TAG_REL.available, TAG_REL.hidden])
    .where('tag.status', '=', 1)
    .orderBy('tag_rel.id')
    .execute();
}

const none = Promise.resolve([]);

/** Several questions by id (one query). */
export function selectContextQuestions(db: Db, ids: string[]) {
  if (ids.length === 0) return none;
  const unique = [...new Set(ids)];
  return db.selectFrom('question').select(QUESTION_COLUMNS).where('id', 'in', unique).execute();
}

/** Several answers by id (one query). */
export function selectContextAnswers(db: Db, ids: string[]) {
  if (ids.length === 0) return none;
  return db
    .selectFrom('answer')
    .select(ANSWER_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Several comments by id (one query). */
export function selectContextComments(db: Db, ids: string[]) {
  if (ids.length === 0) return none;
  return db
    .selectFrom('comment')
    .select(COMMENT_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
