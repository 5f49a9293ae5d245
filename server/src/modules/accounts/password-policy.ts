import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password policy of every route that sets a password (docs/product-rules.md, "Accounts"):
 * 8 to 32 characters counted as code points, any characters (spaces, emoji ...), no composition
 * rules, and not one of the common passwords. The password is then used exactly as sent.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** How far down zxcvbn's frequency-ranked list we look; about 3 300 of these entries have >= 8 characters. */
const COMMON_RANKS = 10_000;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const ranked = dictionary['passwords-common'].slice(0, COMMON_RANKS);
    common = new Set(ranked.filter((p) => [...p].length >= PASSWORD_MIN).map((p) => p.toLowerCase()));
  }
  return common;
}

/** Whether a password is on the common list (compared case-insensitively: `Password1` is `password1`). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export interface PasswordProblem {
  reason: string;
  params?: Record<string, number>;
}

/** The first rule a new password breaks, or null when it is acceptable. */
export function checkPassword(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    return { reason: 'error.password.length', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } };
  }
  if (isCommonPassword(password)) return { reason: 'error.password.too_common' };
  return null;
}

/** How many entries the common list holds (tests and docs). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
