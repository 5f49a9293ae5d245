import type { CurrentUser } from '@agora/shared-api';

/**
 * The avatar image of the current user, or null for the system avatar (the header then shows initials).
 * user/info gives an object {type, gravatar, custom}; other endpoints give a URL string.
 * Uploaded avatars take a size hint: s=96 for a 40px (or smaller) picture.
 */
export function avatarUrl(avatar: CurrentUser['avatar'] | undefined): string | null {
  let url: string | undefined;
  if (typeof avatar === 'string') url = avatar;
  else if (avatar?.type === 'custom') url = avatar.custom;
  else if (avatar?.type === 'gravatar') url = avatar.gravatar;
  if (!url) return null;
  if (url.startsWith('/uploads/avatar/') && !url.includes('?')) return `${url}?s=96`;
  return url;
}
