import { usernameKey } from './normalize';

/**
 * Sign-up names (docs/product-rules.md, "Accounts"): up to 30 characters, only letters a-z (either
 * case), digits, space, hyphen, period and underscore. The username is derived from the name:
 * trimmed, lower-cased, runs of spaces become one '-'.
 */
export const NAME_MIN = 2;
export const NAME_MAX = 30;
/** Letters a-z (either case), 0-9, space, hyphen, period, underscore. */
export const NAME_PATTERN = /^[A-Za-z0-9 ._-]+$/;

/**
 * Names nobody may take by signing up or renaming (compared by username key: case, width and invisible
 * characters do not help). Staff may still use them (names are not reserved for staff).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'moderator',
  'mod',
  'system',
  'support',
  'api',
  'answer',
  'agora',
  'staff',
  'official',
  'help',
  'security',
  'webmaster',
  'postmaster',
  'hostmaster',
  'abuse',
  'noreply',
  'no-reply',
  'null',
  'undefined',
  'anonymous',
  'guest',
  'install',
  'users',
  'user',
  'questions',
  'tags',
  'search',
  'settings',
  'login',
  'logout',
  'signup',
  'register',
  'me',
]);

export type NameProblem = 'error.user.username_invalid' | 'error.username.reserved';

/** The username a sign-up name gives, or the reason the name is refused. */
export function usernameFromName(name: string): { username: string; displayName: string } | { problem: NameProblem } {
  const displayName = name.trim();
  const length = [...displayName].length;
  if (length < NAME_MIN || length > NAME_MAX || !NAME_PATTERN.test(displayName) || !/[A-Za-z0-9]/.test(displayName)) {
    return { problem: 'error.user.username_invalid' };
  }
  const username = displayName.toLowerCase().replace(/\s+/g, '-');
  if (isReservedUsername(username)) return { problem: 'error.username.reserved' };
  return { username, displayName };
}

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(usernameKey(username));
}
