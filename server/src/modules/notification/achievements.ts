import type { Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { DAY_MS } from '../../lib/time';
import { USER_STATUS } from '../accounts/table';
import { parseContent, type StoredContent } from './content';
import { achievementOfDay, questionOfPost, touchEntry } from './group-repository';
import { NOTIFICATION } from './inbox';
import { insertNotification, liveUsers } from './repository';

/** The action key of an achievement entry (reputation gained or lost on a post). */
export const REPUTATION_ACTION = 'reputation';

/** A reputation change as the reputation module applied it (or gave back). */
export interface ReputationNotice {
  userId: number;
  /** What the change is about: a question or answer (other objects have no achievement entry). */
  objectId: string;
  /** The change applied: positive gained, negative lost (a cancelled change: minus what it gave). */
  rank: number;
  /** Unix ms. */
  now: number;
}

/**
 * Adds a reputation change to the receiver's achievement entry of that post and UTC day: one entry per
 * member, post and day, its rank the sum of the day's changes (it may go below 0), unread again and
 * changed now. Changes of 0, on anything but a question or answer, or for deleted accounts add nothing.
 * The reputation module calls it in its transaction after locking the receiver, so the receiver's
 * changes queue and never start two entries for one day. Adding to an entry costs two statements
 * (votes on a post wait for each other meanwhile).
 */
export async function notifyReputation(trx: Transaction<DB>, change: ReputationNotice): Promise<void> {
  if (change.rank === 0) return;
  const type = objectTypeOf(change.objectId);
  if (type !== 'question' && type !== 'answer') return;
  const dayStart = Math.floor(change.now / DAY_MS) * DAY_MS;
  const row = await achievementOfDay(trx, change.userId, change.objectId, dayStart, dayStart + DAY_MS);
  if (row) {
    const before = parseContent(row.content);
    const content: StoredContent = {
      ...before,
      notification_action: REPUTATION_ACTION,
      rank: before.rank + change.rank,
    };
    await touchEntry(trx, Number(row.id), JSON.stringify(content), change.now);
    return;
  }
  if ((await liveUsers(trx, [change.userId], USER_STATUS.deleted)).length === 0) return;
  const post = await questionOfPost(trx, type, change.objectId);
  if (!post) return;
  const map: Record<string, string> = { question: post.questionId };
  if (type === 'answer') map.answer = change.objectId;
  const content: StoredContent = {
    trigger_user_id: '0',
    notification_action: REPUTATION_ACTION,
    rank: change.rank,
    object_info: { title: post.title, object_id: change.objectId, object_type: type, object_map: map },
  };
  await insertNotification(trx, {
    user_id: change.userId,
    object_id: change.objectId,
    content: JSON.stringify(content),
    type: NOTIFICATION.type.achievement,
    msg_type: NOTIFICATION.msgType.posts,
    is_read: NOTIFICATION.unread,
    status: NOTIFICATION.normal,
    created_at: change.now,
    updated_at: change.now,
  });
}
