import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notifyInbox, postNotice, type InboxNotice } from '../notification/inbox';
import { questionTitle } from './repository';
import type { CommentRow } from './table';

/**
 * The inbox entries comments cause (docs/product-rules.md, "Inbox"). Each member hears of one comment
 * once, with the precedence reply > mention > the post's author: `reply_to_you` to the author of the
 * comment replied to, `mention_you` to the members the text mentions, `comment_question` /
 * `comment_answer` to the post's author. A member is told of mentions only once per post (the question
 * or answer the comments sit on), whatever the comment or edit that mentions them again; the post's
 * author mentioned again still hears of the new comment as its author.
 */

/** The question or answer a comment sits on. */
export interface CommentedPost {
  type: 'question' | 'answer';
  questionId: string;
  /** The question's or answer's id. */
  objectId: string;
  ownerId: number;
  title: string;
}

/** What a comment notice points at: the comment in its answer and question. */
function commentObject(post: CommentedPost, commentId: string) {
  return postNotice({
    questionId: post.questionId,
    title: post.title,
    commentId,
    ...(post.type === 'answer' ? { answerId: post.objectId } : {}),
  });
}

const ownerAction = (post: CommentedPost) => (post.type === 'answer' ? 'comment_answer' : 'comment_question');
const mentionKey = (post: CommentedPost) => `mention:${post.objectId}`;

/** The notices of a comment published now (posted, or approved from the review queue). */
export async function notifyNewComment(
  trx: Transaction<DB>,
  n: {
    commentId: string;
    author: number;
    post: CommentedPost;
    replyUserId: number | null;
    mentioned: number[];
    now: number;
  },
): Promise<void> {
  const object = commentObject(n.post, n.commentId);
  const base = { triggerUserId: n.author, object, now: n.now };
  const notices: InboxNotice[] = [];
  const told = new Set<number>([n.author]);
  if (n.replyUserId !== null && !told.has(n.replyUserId)) {
    told.add(n.replyUserId);
    notices.push({ ...base, userId: n.replyUserId, action: 'reply_to_you' });
  }
  for (const userId of n.mentioned) {
    if (told.has(userId)) continue;
    told.add(userId);
    const owner = userId === n.post.ownerId ? { otherwise: ownerAction(n.post) } : {};
    notices.push({ ...base, userId, action: 'mention_you', once: mentionKey(n.post), ...owner });
  }
  if (!told.has(n.post.ownerId)) notices.push({ ...base, userId: n.post.ownerId, action: ownerAction(n.post) });
  await notifyInbox(trx, notices);
}

/**
 * The notices of an edited comment: members its new text mentions and the old one did not, unless the
 * comment already told them as the replied-to member or the post's author. `editor` made the change.
 */
export async function notifyEditedMentions(
  trx: Transaction<DB>,
  n: {
    comment: Pick<CommentRow, 'id' | 'user_id' | 'reply_user_id'>;
    editor: number;
    post: CommentedPost;
    before: number[];
    after: number[];
    now: number;
  },
): Promise<void> {
  const skip = new Set([...n.before, n.comment.user_id, n.comment.reply_user_id ?? 0, n.post.ownerId]);
  const object = commentObject(n.post, n.comment.id);
  await notifyInbox(
    trx,
    n.after
      .filter((userId) => !skip.has(userId))
      .map((userId) => ({
        userId,
        triggerUserId: n.editor,
        action: 'mention_you',
        object,
        once: mentionKey(n.post),
        now: n.now,
      })),
  );
}

/** A comment deleted by someone else: its author is told (your_comment_was_deleted, with the reason given). */
export async function notifyCommentDeleted(
  trx: Transaction<DB>,
  n: { comment: CommentRow; by: number; type: 'question' | 'answer'; reason?: string; now: number },
): Promise<void> {
  const { comment } = n;
  const title = await questionTitle(trx, comment.question_id);
  const object = postNotice({
    questionId: comment.question_id,
    title,
    commentId: comment.id,
    ...(n.type === 'answer' ? { answerId: comment.object_id } : {}),
  });
  await notifyInbox(trx, [
    {
      userId: comment.user_id,
      triggerUserId: n.by,
      action: 'your_comment_was_deleted',
      object,
      reason: n.reason,
      now: n.now,
    },
  ]);
}
