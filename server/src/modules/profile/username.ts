import { NAME_MAX, NAME_MIN, NAME_PATTERN } from '../accounts/names';

// One set of name rules for sign-up and profile edits (accounts/names.ts).
export { isReservedUsername, NAME_MAX } from '../accounts/names';

export const length = (s: string): number => Array.from(s).length;

/** The reason key a username fails with (before the uniqueness check), or null when it is well formed. */
export function usernameProblem(username: string): string | null {
  if (username === '') return 'error.username.empty';
  if (length(username) < NAME_MIN || length(username) > NAME_MAX) return 'error.username.range';
  if (!NAME_PATTERN.test(username)) return 'error.username.invalid';
  return null;
}
