import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { USER_STATUS } from '../accounts/table';
import { objectInfoOf, parseContent, type StoredContent } from './content';
import { openVoteEntry, questionTitle, touchEntry } from './group-repository';
import { NOTIFICATION, type NoticeObject } from './inbox';
import { insertNotification, liveUsers } from './repository';

/** A new vote on a post, for its author's inbox. */
export interface VoteNotice {
  /** The post's author. */
  receiverId: number;
  voterId: number;
  /** The voted question, answer or comment (its question's title is looked up when an entry starts). */
  object: Omit<NoticeObject, 'title'> & { type: 'question' | 'answer' | 'comment' };
  direction: 'up' | 'down';
  now: number;
}

/**
 * Tells a post's author of a new vote, grouped: while the author has not read the votes entry of that
 * post, each new vote is added to it (up and down counts, the last voter shown, unread, changed now);
 * once read, the next vote starts a new entry. Nobody hears of their own votes; deleted accounts hear
 * nothing. Votes on one post are queued by the caller (it locks the post first), so two votes never
 * both start an entry. A vote added to an entry costs two statements (every vote waits on the post's
 * lock meanwhile, so the path is kept short).
 */
export async function notifyVote(trx: Transaction<DB>, vote: VoteNotice): Promise<void> {
  if (vote.receiverId === vote.voterId || vote.receiverId <= 0) return;
  const open = await openVoteEntry(trx, vote.receiverId, vote.object.id);
  const counted = (before: StoredContent | undefined, object: StoredContent['object_info']): StoredContent => ({
    trigger_user_id: String(vote.voterId),
    notification_action: `${vote.direction}_voted_${vote.object.type}`,
    rank: 0,
    vote_up_count: (before?.vote_up_count ?? 0) + (vote.direction === 'up' ? 1 : 0),
    vote_down_count: (before?.vote_down_count ?? 0) + (vote.direction === 'down' ? 1 : 0),
    object_info: object,
  });
  if (open) {
    const before = parseContent(open.content);
    await touchEntry(trx, Number(open.id), JSON.stringify(counted(before, before.object_info)), vote.now);
    return;
  }
  if ((await liveUsers(trx, [vote.receiverId], USER_STATUS.deleted)).length === 0) return;
  const title = await questionTitle(trx, vote.object.map.question ?? '');
  const content = counted(undefined, objectInfoOf({ ...vote.object, title }));
  await insertNotification(trx, {
    user_id: vote.receiverId,
    object_id: vote.object.id,
    content: JSON.stringify(content),
    type: NOTIFICATION.type.inbox,
    msg_type: NOTIFICATION.msgType.votes,
    is_read: NOTIFICATION.unread,
    status: NOTIFICATION.normal,
    created_at: vote.now,
    updated_at: vote.now,
  });
}
