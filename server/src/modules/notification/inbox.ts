import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { insertNotification, insertNotificationOnce, reachableUsers } from './repository';

/** notification.type, msg_type, is_read and status values (docs/wire-contract.md). */
export const NOTIFICATION = {
  type: { inbox: 1, achievement: 2 },
  msgType: { posts: 1, votes: 2, invites: 3 },
  unread: 1,
  read: 2,
  normal: 1,
  deleted: 10,
} as const;

/** user.status of accounts that receive nothing (a suspension counts until it runs out). */
const USER = { suspended: 9, deleted: 10 } as const;

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
  /** Extra words shown with the entry, e.g. the close or delete reason's name (an i18n key). */
  reason?: string;
  /**
   * Once per member: a notice whose key the member already holds an entry for (`mention:<post id>`,
   * `invite:<question id>`) is dropped, also when two requests write it at the same moment.
   */
  once?: string;
  /** With `once`: the action written instead (without the key) when the once entry is dropped. */
  otherwise?: string;
  now: number;
}

/** The inbox entry of a post: a question, or an answer or comment in its question, linked to that place. */
export function postNotice(post: {
  questionId: string;
  title: string;
  answerId?: string;
  commentId?: string;
}): NoticeObject {
  const map: Record<string, string> = { question: post.questionId };
  if (post.answerId) map.answer = post.answerId;
  if (post.commentId) map.comment = post.commentId;
  if (post.commentId) return { id: post.commentId, type: 'comment', title: post.title, map };
  if (post.answerId) return { id: post.answerId, type: 'answer', title: post.title, map };
  return { id: post.questionId, type: 'question', title: post.title, map };
}

function content(n: InboxNotice, action: string): string {
  return JSON.stringify({
    trigger_user_id: String(n.triggerUserId),
    notification_action: action,
    rank: 0,
    ...(n.reason ? { reason: n.reason } : {}),
    object_info: {
      title: n.object.title,
      object_id: n.object.id,
      object_type: n.object.type,
      object_map: n.object.map,
    },
  });
}

/**
 * Writes inbox entries in the caller's transaction, so an action and its notice commit together. A
 * member never gets a notice of their own action; deleted and suspended accounts get none. Answers the
 * notices written (with the action each was written with).
 */
export async function notifyInbox(trx: Transaction<DB>, notices: InboxNotice[]): Promise<InboxNotice[]> {
  const wanted = notices.filter((n) => n.userId !== n.triggerUserId && n.userId > 0);
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((n) => n.userId))];
  const reachable = new Set(await reachableUsers(trx, ids, USER, Math.max(...wanted.map((n) => n.now))));
  const written: InboxNotice[] = [];
  for (const n of wanted) {
    if (!reachable.has(n.userId)) continue;
    const row = {
      user_id: n.userId,
      object_id: n.object.id,
      type: NOTIFICATION.type.inbox,
      msg_type: n.msgType ?? NOTIFICATION.msgType.posts,
      is_read: NOTIFICATION.unread,
      status: NOTIFICATION.normal,
      created_at: n.now,
      updated_at: n.now,
    };
    if (n.once !== undefined) {
      if (await insertNotificationOnce(trx, { ...row, once_key: n.once, content: content(n, n.action) })) {
        written.push(n);
        continue;
      }
      if (n.otherwise === undefined) continue;
      await insertNotification(trx, { ...row, content: content(n, n.otherwise) });
      written.push({ ...n, action: n.otherwise });
      continue;
    }
    await insertNotification(trx, { ...row, content: content(n, n.action) });
    written.push(n);
  }
  return written;
}

/**
 * A state change's notify hook (post/transition.ts) that writes these notices, stamped with the
 * change's time.
 */
export function inboxHook(
  notices: Array<Omit<InboxNotice, 'now'>>,
): (trx: Transaction<DB>, event: { now: number }) => Promise<void> {
  return async (trx, event) => {
    await notifyInbox(
      trx,
      notices.map((n) => ({ ...n, now: event.now })),
    );
  };
}
