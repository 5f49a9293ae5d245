import { availableParallelism } from 'node:os';
import type { FieldFailure } from '../../lib/api-failure';
import { isEmail } from '../../lib/email';
import { isSingleLine, SINGLE_LINE_REASON } from '../../lib/single-line';
import { emailKey, usernameKey } from '../accounts/normalize';
import { checkPassword } from '../accounts/password-policy';
import { isReservedUsername, NAME_MAX } from '../accounts/names';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, REASONS } from './table';

/** One account to make: what the administrator typed, checked. */
export interface NewMember {
  displayName: string;
  email: string;
  emailKey: string;
  password: string;
}

/** The reason a display name is refused (one line of 2 to 30 characters once trimmed), or null. */
export function displayNameProblem(name: string): string | null {
  if (!isSingleLine(name.trim())) return SINGLE_LINE_REASON;
  const length = [...name.trim()].length;
  return length < DISPLAY_NAME_MIN || length > DISPLAY_NAME_MAX ? REASONS.displayName : null;
}

/** The field failure of a display name on `display_name`, or null. */
export function displayNameFailure(name: string): FieldFailure | null {
  const reason = displayNameProblem(name);
  return reason ? { field: 'display_name', reason, params: { min: DISPLAY_NAME_MIN, max: DISPLAY_NAME_MAX } } : null;
}

/** One non-blank line of the bulk text (1-based `line`), with the account it asks for or why not. */
export type BulkLine =
  | { line: number; member: NewMember }
  | { line: number; failure: { reason: string; params: Record<string, string | number> } };

/** The non-blank lines of the bulk text, with their 1-based line numbers. */
export function bulkLines(text: string): Array<{ raw: string; line: number }> {
  return text
    .split('\n')
    .map((raw, index) => ({ raw: raw.replace(/\r$/, ''), line: index + 1 }))
    .filter((l) => l.raw.trim() !== '');
}

/**
 * Checks every line of the bulk text on its own: one `display_name,email,password` per non-blank
 * line (a password may hold commas: everything after the second comma is the password); an address
 * already on an earlier line is refused there. Whether an address already has an account is checked
 * as the lines are imported. The failures name their line (`params.line`).
 */
export function checkBulkLines(text: string): BulkLine[] {
  const firstLine = new Map<string, number>();
  return bulkLines(text).map(({ raw, line }): BulkLine => {
    const fail = (reason: string, params: Record<string, string | number> = {}): BulkLine => ({
      line,
      failure: { reason, params: { line, ...params } },
    });
    const parts = raw.split(',');
    if (parts.length < 3) return fail(REASONS.bulkFormat);
    const displayName = parts[0]!.trim();
    const email = parts[1]!.trim();
    const password = parts.slice(2).join(',');
    if (displayNameProblem(displayName))
      return fail(REASONS.bulkDisplayName, { min: DISPLAY_NAME_MIN, max: DISPLAY_NAME_MAX });
    if (!isEmail(email)) return fail(REASONS.bulkEmail);
    const key = emailKey(email);
    const first = firstLine.get(key);
    if (first !== undefined) return fail(REASONS.bulkEmailRepeated, { first });
    firstLine.set(key, line);
    if (checkPassword(password)) return fail(REASONS.bulkPassword, { min: 8, max: 32 });
    return { line, member: { displayName, email, emailKey: key, password } };
  });
}

/** The stem of the username made from a display name: lower case, a-z 0-9 . _ -, spaces as `-`. */
export function usernameStem(displayName: string): string {
  const stem = displayName
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, NAME_MAX - 6);
  return /[a-z0-9]/.test(stem) && stem.length >= 2 ? stem : 'user';
}

/**
 * A free username for a display name: its stem, else the stem with `-2`, `-3`... `used` holds the
 * username keys in use (it gets the new one), so a whole bulk text gets distinct names.
 */
export function freeUsername(displayName: string, used: Set<string>): string {
  const stem = usernameStem(displayName);
  let name = stem;
  for (let n = 2; used.has(usernameKey(name)) || isReservedUsername(name); n += 1) name = `${stem}-${n}`;
  used.add(usernameKey(name));
  return name;
}

/**
 * Runs `task` over `items` with at most `limit` at a time, keeping the order of results. Password
 * hashing takes 19 MiB and one core each: a few at once keeps a 5 000-line import within memory.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  limit = Math.max(1, Math.min(4, availableParallelism())),
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
