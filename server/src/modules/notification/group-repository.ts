import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { NOTIFICATION } from './inbox';

/** The queries behind grouped entries (votes per post, reputation per post and day). */

/** The receiver's unread votes entry of an object (the one a new vote is added to), if any. */
export function openVoteEntry(trx: Transaction<DB>, userId: number, objectId: string) {
  return trx
    .selectFrom('notification')
    .select(['id', 'content'])
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('type', '=', NOTIFICATION.type.inbox)
    .where('msg_type', '=', NOTIFICATION.msgType.votes)
    .where('is_read', '=', NOTIFICATION.unread)
    .where('status', '=', NOTIFICATION.normal)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The receiver's achievement entry of an object started in [from, to) (Unix ms), if any. */
export function achievementOfDay(trx: Transaction<DB>, userId: number, objectId: string, from: number, to: number) {
  return trx
    .selectFrom('notification')
    .select(['id', 'content'])
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('type', '=', NOTIFICATION.type.achievement)
    .where('status', '=', NOTIFICATION.normal)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Rewrites a grouped entry: its content, unread again, changed now. */
export async function touchEntry(trx: Transaction<DB>, id: number, content: string, now: number): Promise<void> {
  await trx
    .updateTable('notification')
    .set({ content, is_read: NOTIFICATION.unread, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A question's title ('' when it is gone). */
export async function questionTitle(trx: Transaction<DB>, questionId: string): Promise<string> {
  const row = await trx.selectFrom('question').select('title').where('id', '=', questionId).executeTakeFirst();
  return row?.title ?? '';
}

/** A question's title, or an answer's question (id and title); undefined when there is no such post. */
export async function questionOfPost(
  trx: Transaction<DB>,
  type: 'question' | 'answer',
  id: string,
): Promise<{ questionId: string; title: string } | undefined> {
  if (type === 'question') {
    const row = await trx.selectFrom('question').select('title').where('id', '=', id).executeTakeFirst();
    return row ? { questionId: id, title: row.title } : undefined;
  }
  const row = await trx
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .select(['question.id as question_id', 'question.title'])
    .where('answer.id', '=', id)
    .executeTakeFirst();
  return row ? { questionId: row.question_id, title: row.title } : undefined;
}
