import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { insertNotification, liveUsers } from './repository';

/** notification.type, msg_type, is_read and status values (docs/wire-contract.md). */
export const NOTIFICATION = {
  type: { inbox: 1, achievement: 2 },
  msgType: { posts: 1, votes: 2, invites: 3 },
  unread: 1,
  read: 2,
  normal: 1,
  deleted: 10,
} as const;

const DELETED_USER = 10;

/** What an inbox entry points at: the object, its kind, and the question (answer, comment) it sits in. */
export interface NoticeObject {
  id: string;
  type: 'question' | 'answer' | 'comment' | 'tag';
  /** The question's title (a tag: its display name). */
  title: string;
  /** `{question, answer?, comment?}` ids, so the entry links to the exact place. */
  map: Record<string, string>;
}

/** One inbox entry for one member. */
export interface InboxNotice {
  userId: number;
  /** Who caused it (0: the site itself). */
  triggerUserId: number;
  /** A `notification.action.*` key, e.g. `your_question_is_closed`. */
  action: string;
  object: NoticeObject;
  msgType?: number;
  /** Extra words shown with the entry, e.g. the close or delete reason's name. */
  reason?: string;
  now: number;
}

/**
 * Writes inbox entries in the caller's transaction, so an action and its notice commit together. A
 * member never gets a notice of their own action, and deleted accounts get none.
 */
export async function notifyInbox(trx: Transaction<DB>, notices: InboxNotice[]): Promise<void> {
  const wanted = notices.filter((n) => n.userId !== n.triggerUserId && n.userId > 0);
  const live = new Set(await liveUsers(trx, [...new Set(wanted.map((n) => n.userId))], DELETED_USER));
  for (const n of wanted) {
    if (!live.has(n.userId)) continue;
    await insertNotification(trx, {
      user_id: n.userId,
      object_id: n.object.id,
      content: JSON.stringify({
        trigger_user_id: String(n.triggerUserId),
        notification_action: n.action,
        rank: 0,
        ...(n.reason ? { reason: n.reason } : {}),
        object_info: {
          title: n.object.title,
          object_id: n.object.id,
          object_type: n.object.type,
          object_map: n.object.map,
        },
      }),
      type: NOTIFICATION.type.inbox,
      msg_type: n.msgType ?? NOTIFICATION.msgType.posts,
      is_read: NOTIFICATION.unread,
      status: NOTIFICATION.normal,
      created_at: n.now,
      updated_at: n.now,
    });
  }
}
