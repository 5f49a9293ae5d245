import { createHash } from 'node:crypto';
import { avatarInfo } from '../accounts/mapping';

/** What an avatar URL is made from: the stored avatar JSON and the account's e-mail (for Gravatar). */
export interface AvatarSource {
  avatar: string;
  e_mail: string;
}

/** The `users` settings an avatar URL depends on. */
export interface AvatarSettings {
  default_avatar: string;
  gravatar_base_url: string;
}

export const GRAVATAR_DEFAULT_BASE = 'https://www.gravatar.com/avatar/';

/**
 * Gravatar's address for an e-mail: base URL + SHA-256 of the trimmed, lower-cased address
 * (Gravatar accepts SHA-256 hashes), 96 px, identicon fallback. The address
 * itself never leaves the server.
 */
export function gravatarUrl(email: string, baseUrl: string = GRAVATAR_DEFAULT_BASE): string {
  const base = baseUrl.trim() || GRAVATAR_DEFAULT_BASE;
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `${base.endsWith('/') ? base : `${base}/`}${hash}?s=96&d=identicon`;
}

/**
 * The avatar as a URL string for lists and profiles: '' for the letter (system) avatar, the Gravatar
 * URL for `gravatar`, the upload's URL for `custom`. An account that never chose one gets the site's
 * `users.default_avatar` ('system' or 'gravatar'). Deleted accounts always get the letter avatar.
 */
export function avatarUrlOf(user: AvatarSource & { status?: number }, settings: AvatarSettings): string {
  if (user.status === 10) return '';
  const info = user.avatar ? avatarInfo(user.avatar) : { type: settings.default_avatar || 'system' };
  if (info.type === 'custom') return isUploadUrl(info.custom) ? info.custom! : '';
  if (info.type === 'gravatar') return gravatarUrl(user.e_mail, settings.gravatar_base_url);
  return '';
}

/** Only URLs the upload route made are served as custom avatars (never javascript:, data: ...). */
function isUploadUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.pathname.startsWith('/uploads/');
  } catch {
    return false;
  }
}
