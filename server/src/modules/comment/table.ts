import type { Insertable } from 'kysely';
import type { CommentRow, CommentTable } from '../../db/schema';

export type { CommentRow };
export type NewCommentRow = Insertable<CommentTable>;

/** comment.status values. */
export const COMMENT_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
/** user.status of a deleted account. */
export const USER_DELETED = 10;

/** What a comment shows of its author and of the user it replies to. */
export interface UserBrief {
  id: number;
  username: string;
  display_name: string;
  avatar: string;
  status: number;
  mail_status: number;
}
