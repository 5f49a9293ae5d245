import type { UserBasicInfo } from '@agora/shared-api/contract';
import { likeEscape } from '../../lib/like';
import { seconds } from '../../lib/time';
import { apiStatus, ROLE } from '../accounts/mapping';
import { avatarUrlOf, type AvatarSettings } from './avatar';
import type { ListUserRow, NotificationSource } from './table';

/** The `users` settings group (switches and avatar settings). */
export interface UsersSettings extends AvatarSettings {
  allow_update_display_name: boolean;
  allow_update_username: boolean;
  allow_update_avatar: boolean;
  allow_update_bio: boolean;
  allow_update_website: boolean;
  allow_update_location: boolean;
}

/** Who is asking: the logged-in member (or nobody). Staff = admin or moderator. */
export interface Viewer {
  userId: number;
  roleId: number;
}

export const isStaff = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && (viewer.roleId === ROLE.admin || viewer.roleId === ROLE.moderator);

export const BIO_MAX = 4096;
export const WEBSITE_MAX = 500;
export const LOCATION_MAX = 100;
/** Typing @ in an editor offers up to 5 members. */
export const SEARCH_LIMIT = 5;
export const RANKING_LIMIT = 20;
export const RANKING_DAYS = 7;

/** At sign-up only the inbox mails are on. */
export const NOTIFICATION_DEFAULTS: Record<NotificationSource, boolean> = {
  inbox: true,
  all_new_question: false,
  all_new_question_for_following_tags: false,
  weekly_digest: false,
};

export const COLOR_SCHEMES = ['default', 'light', 'dark', 'system'] as const;

export function toUserBasicInfo(user: ListUserRow, settings: AvatarSettings): UserBasicInfo {
  return {
    id: String(user.id),
    username: user.username,
    rank: Number(user.rank),
    display_name: user.display_name,
    avatar: avatarUrlOf(user, settings),
    website: user.website,
    location: user.location,
    language: user.language,
    status: apiStatus(user),
    suspended_until: seconds(user.suspended_until),
  };
}

/** Whether a website value is an absolute http(s) URL with a host. */
export function isWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** `LIKE` pattern for a prefix, with `!` escaping the wildcards (same syntax on the three databases). */
export function likePrefix(prefix: string): string {
  return `${likeEscape(prefix)}%`;
}

/** The e-mail switch of each notification source, from the stored channel lists (defaults for the rest). */
export function emailSwitches(
  rows: ReadonlyArray<{ source: string; channels: string }>,
): Record<NotificationSource, boolean> {
  const enabled = { ...NOTIFICATION_DEFAULTS };
  for (const row of rows) {
    if (!(Object.keys(NOTIFICATION_DEFAULTS) as string[]).includes(row.source)) continue;
    try {
      const channels = JSON.parse(row.channels) as Array<{ key?: string; enable?: boolean }>;
      const email = Array.isArray(channels) ? channels.find((c) => c?.key === 'email') : undefined;
      enabled[row.source as NotificationSource] = email?.enable === true;
    } catch {
      // A damaged row keeps the default.
    }
  }
  return enabled;
}
