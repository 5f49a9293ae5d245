import { COMMENT_EDIT_WINDOW_MS, type CommentMemberAction } from '@agora/shared-api/contract';
import type { CommentRow } from '../../db/schema';

/**
 * Who is looking or acting: the user (null = anonymous), whether their role/reputation grants
 * `comment.edit` / `comment.delete` on anyone's comment, and the request's translator.
 */
export interface CommentViewer {
  userId: number | null;
  /** The session's role (2 admin, 3 moderator see hidden posts); absent for visitors. */
  roleId?: number;
  canEdit: boolean;
  canDelete: boolean;
  t(key: string): string;
}

/**
 * What the viewer may do to a comment besides flagging it, as PUT and DELETE comment decide it: edit
 * with comment.edit, or the owner within 5 minutes of posting; delete with comment.delete, or the owner.
 */
export function commentRights(
  row: Pick<CommentRow, 'user_id' | 'created_at'>,
  viewer: CommentViewer,
  now: number,
): { edit: boolean; delete: boolean } {
  if (viewer.userId === null) return { edit: false, delete: false };
  const own = row.user_id === viewer.userId;
  return {
    edit: viewer.canEdit || (own && now - row.created_at <= COMMENT_EDIT_WINDOW_MS),
    delete: viewer.canDelete || own,
  };
}

/**
 * The wire contract's MemberAction for a comment: report for any logged-in viewer while the comment's
 * posts are live (POST report's rule); edit and delete as commentRights says.
 */
export function memberActions(
  row: Pick<CommentRow, 'user_id' | 'created_at'>,
  viewer: CommentViewer,
  now: number,
  live = true,
): CommentMemberAction[] {
  if (viewer.userId === null) return [];
  const rights = commentRights(row, viewer, now);
  const actions: CommentMemberAction[] = [];
  if (live) actions.push({ action: 'report', name: viewer.t('comment.action.report'), type: 'reason' });
  if (rights.edit) actions.push({ action: 'edit', name: viewer.t('comment.action.edit'), type: 'edit' });
  if (rights.delete) actions.push({ action: 'delete', name: viewer.t('comment.action.delete'), type: 'reason' });
  return actions;
}
