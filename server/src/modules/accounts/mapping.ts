import type { AvatarInfo, CurrentUser, UserLogin, UserStatus } from '@agora/shared-api/contract';
import type { Static } from 'typebox';
import { MAIL_STATUS, ROLE, USER_STATUS, type RoleId, type UserRow } from './table';
import { seconds } from '../../lib/time';

export { MAIL_STATUS, ROLE, USER_STATUS, type RoleId } from './table';

/** The API status string: deleted and suspended win; an unverified e-mail makes the account inactive. */
export function apiStatus(user: Pick<UserRow, 'status' | 'mail_status'>): Static<typeof UserStatus> {
  if (user.status === USER_STATUS.deleted) return 'deleted';
  if (user.status === USER_STATUS.suspended) return 'suspended';
  if (user.mail_status === MAIL_STATUS.toBeVerified) return 'inactive';
  return 'normal';
}

export function roleIdOf(user: Pick<UserRow, 'role_id'>): RoleId {
  return user.role_id === 2 || user.role_id === 3 ? user.role_id : 1;
}

/** The stored avatar JSON as the object GET user/info answers with; the letter avatar when unset. */
export function avatarInfo(stored: string): Static<typeof AvatarInfo> {
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as Record<string, unknown>;
      if (parsed && typeof parsed.type === 'string' && parsed.type) {
        return {
          type: parsed.type,
          ...(typeof parsed.gravatar === 'string' ? { gravatar: parsed.gravatar } : {}),
          ...(typeof parsed.custom === 'string' ? { custom: parsed.custom } : {}),
        };
      }
    } catch {
      // Not JSON: fall through to the default.
    }
  }
  return { type: 'system' };
}

/** The avatar as a URL (UserLogin and lists): '' for the letter avatar. */
export function avatarUrl(stored: string): string {
  const info = avatarInfo(stored);
  if (info.type === 'custom') return info.custom ?? '';
  if (info.type === 'gravatar') return info.gravatar ?? '';
  return '';
}

/** GET user/info: the account's own view (no password hash, ever). */
export function toCurrentUser(user: UserRow): CurrentUser {
  const roleId = roleIdOf(user);
  return {
    id: String(user.id),
    username: user.username,
    display_name: user.display_name,
    e_mail: user.e_mail,
    avatar: avatarInfo(user.avatar),
    rank: user.rank,
    bio: user.bio,
    bio_html: user.bio_html,
    website: user.website,
    location: user.location,
    language: user.language,
    color_scheme: user.color_scheme || 'default',
    status: apiStatus(user),
    mail_status: user.mail_status,
    role_id: roleId,
    is_admin: roleId === ROLE.admin,
    have_password: user.pass !== '',
    suspended_until: seconds(user.suspended_until),
  };
}

/** UserLogin: the answer to a successful login, carrying the new token. */
export function toUserLogin(user: UserRow, accessToken: string): UserLogin {
  return {
    id: String(user.id),
    created_at: seconds(user.created_at),
    last_login_date: seconds(user.last_login_date),
    username: user.username,
    e_mail: user.e_mail,
    mail_status: user.mail_status,
    notice_status: user.notice_status,
    follow_count: user.follow_count,
    answer_count: user.answer_count,
    question_count: user.question_count,
    rank: user.rank,
    authority_group: user.authority_group,
    display_name: user.display_name,
    avatar: avatarUrl(user.avatar),
    mobile: user.mobile,
    bio: user.bio,
    bio_html: user.bio_html,
    website: user.website,
    location: user.location,
    language: user.language,
    color_scheme: user.color_scheme || 'default',
    access_token: accessToken,
    role_id: roleIdOf(user),
    status: apiStatus(user),
    have_password: user.pass !== '',
    suspended_until: seconds(user.suspended_until),
  };
}
