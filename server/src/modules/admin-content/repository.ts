import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ANSWER_STATUS, QUESTION_STATUS } from '../post/table';

/** The status numbers each admin filter lists. */
export const QUESTION_FILTERS = {
  normal: [QUESTION_STATUS.open],
  closed: [QUESTION_STATUS.closed],
  deleted: [QUESTION_STATUS.deleted],
  pending: [QUESTION_STATUS.pending],
} as const;
export const ANSWER_FILTERS = {
  normal: [ANSWER_STATUS.available],
  deleted: [ANSWER_STATUS.deleted],
  pending: [ANSWER_STATUS.pending],
} as const;

/** A LIKE pattern matching `fragment` anywhere, case-insensitively (`!` escapes the wildcards). */
function containsPattern(fragment: string): string {
  return `%${fragment.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export interface AdminQuestionFilter {
  statuses: readonly number[];
  /** Exactly this question. */
  id?: string;
  /** A fragment of the title. */
  title?: string;
}

/** One page of questions for the admin list, newest first, and how many match. */
export async function selectAdminQuestions(db: Kysely<DB>, filter: AdminQuestionFilter, offset: number, limit: number) {
  let base = db.selectFrom('question').where('question.status', 'in', [...filter.statuses]);
  if (filter.id !== undefined) base = base.where('question.id', '=', filter.id);
  if (filter.title)
    base = base.where(sql<boolean>`lower(question.title) like ${containsPattern(filter.title)} escape '!'`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'user_id',
        'title',
        'vote_count',
        'show',
        'pin',
        'answer_count',
        'accepted_answer_id',
        'status',
        'created_at',
        'updated_at',
        'post_update_time',
      ])
      .orderBy('question.created_at', 'desc')
      .orderBy('question.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export interface AdminAnswerFilter {
  statuses: readonly number[];
  id?: string;
  questionId?: string;
  /** A fragment of the question's title. */
  title?: string;
}

/** One page of answers for the admin list with their question's title, newest first, and how many match. */
export async function selectAdminAnswers(db: Kysely<DB>, filter: AdminAnswerFilter, offset: number, limit: number) {
  let base = db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .where('answer.status', 'in', [...filter.statuses]);
  if (filter.id !== undefined) base = base.where('answer.id', '=', filter.id);
  if (filter.questionId !== undefined) base = base.where('answer.question_id', '=', filter.questionId);
  if (filter.title)
    base = base.where(sql<boolean>`lower(question.title) like ${containsPattern(filter.title)} escape '!'`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'answer.id',
        'answer.question_id',
        'answer.user_id',
        'answer.original_text',
        'answer.status',
        'answer.adopted',
        'answer.vote_count',
        'answer.created_at',
        'answer.updated_at',
        'question.title',
      ])
      .orderBy('answer.created_at', 'desc')
      .orderBy('answer.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
