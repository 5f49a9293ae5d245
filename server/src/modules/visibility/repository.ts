import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import type { VisibleObject } from './table';

/** The reads of the visibility rule: a post with the posts above it, a tag with its status. */

const num = <T extends { user_id: number | string; status: number | string }>(row: T) => ({
  ...row,
  user_id: Number(row.user_id),
  status: Number(row.status),
});

/** The post named by `id` with the posts above it (one statement), or null when there is none. */
export async function loadChain(db: Kysely<DB>, id: string): Promise<VisibleObject | null> {
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

/** A tag's id, status and main tag. */
export function selectTagLink(db: Kysely<DB>, id: string) {
  return db.selectFrom('tag').select(['id', 'status', 'main_tag_id']).where('id', '=', id).executeTakeFirst();
}
