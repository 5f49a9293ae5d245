import type { AdminUserAction, AdminUserItem, AdminUserStatus } from '@agora/shared-api/contract';
import { objectTypeOf } from '../../db/ids';
import type { UserRow } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { seconds } from '../../lib/time';
import { apiStatus, roleIdOf, type RoleId } from '../accounts/mapping';
import { avatarUrlOf, type AvatarSettings } from '../profile/avatar';
import type { ActionRow } from './repository';

/** Role names and descriptions are reason-style keys translated per request (i18n/admin-users.*.json). */
export const ROLE_KEYS: Record<RoleId, string> = { 1: 'role.user', 2: 'role.admin', 3: 'role.moderator' };

/** One row of users/page. */
export function toAdminUserItem(user: UserRow, avatar: AvatarSettings, t: (key: string) => string): AdminUserItem {
  const roleId = roleIdOf(user);
  return {
    user_id: String(user.id),
    created_at: seconds(user.created_at),
    deleted_at: seconds(user.deleted_at),
    suspended_at: seconds(user.suspended_at),
    suspended_until: seconds(user.suspended_until),
    username: user.username,
    e_mail: user.e_mail,
    rank: Number(user.rank),
    status: apiStatus(user) as AdminUserStatus,
    display_name: user.display_name,
    avatar: avatarUrlOf(user, avatar),
    role_id: roleId,
    role_name: t(`${ROLE_KEYS[roleId]}.name`),
  };
}

const DELETED = 10;

/** A site path to what a log entry touched, while it can be opened ('' once it is deleted or gone). */
function actionTarget(
  row: ActionRow,
  statuses: Map<string, number>,
): Pick<AdminUserAction, 'object_type' | 'title' | 'url'> {
  const type = objectTypeOf(row.object_id);
  const questionId = row.original_object_id;
  const questionOpen = row.question_status !== null && Number(row.question_status) !== DELETED;
  const title = row.question_title ?? '';
  if (type === 'question')
    return { object_type: 'question', title, url: questionOpen ? `/questions/${questionId}` : '' };
  if (type === 'answer' || type === 'comment') {
    const live = statuses.has(row.object_id) && statuses.get(row.object_id) !== DELETED;
    const path = type === 'answer' ? `/questions/${questionId}/${row.object_id}` : `/questions/${questionId}`;
    return { object_type: type, title, url: questionOpen && live ? path : '' };
  }
  if (type === 'tag') {
    const slug = row.tag_slug ?? '';
    const live = row.tag_status !== null && Number(row.tag_status) !== DELETED;
    return { object_type: 'tag', title: slug, url: live && slug ? `/tags/${encodeURIComponent(slug)}` : '' };
  }
  return { object_type: 'user', title: '', url: '' };
}

/** One entry of the member's action log; `operator` only for what staff did to the account. */
export function toAdminUserAction(row: ActionRow, statuses: Map<string, number>): AdminUserAction {
  const byStaff = Number(row.trigger_user_id) > 0 && (row.key ?? '').startsWith('user.');
  return {
    id: String(row.id),
    action: row.key ?? '',
    object_id: row.object_id,
    ...actionTarget(row, statuses),
    ...(byStaff
      ? { operator: { username: row.operator_username ?? '', display_name: row.operator_display_name ?? '' } }
      : {}),
    created_at: seconds(row.created_at),
  };
}

/** A user id of the wire (a string of digits); anything else names no account (404). */
export function userIdOf(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw ApiFailure.notFound('error.user.not_found');
  return Number(raw);
}
