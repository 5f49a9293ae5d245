import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 60 ms per hash on this class of
 * machine. The password is hashed exactly as sent (no trimming, no truncation).
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, which isolatedModules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Computes the throw-away hash ahead of time, so the first unknown-account login is not slower than the rest. */
export function warmUpPasswordHashing(): void {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
}

/**
 * Checks a password against a stored hash. With no hash (unknown account, or an account without a
 * password) it still spends one verification on a throw-away hash and answers false, so that the
 * time taken does not tell whether the account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    warmUpPasswordHashing();
    await verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored value is a wrong password, not a server error.
    return false;
  }
}

/** Whether a stored hash uses weaker settings than today's (rehash it at the next successful login). */
export function needsRehash(stored: string): boolean {
  try {
    const current = parseOptions(stored);
    return (
      current.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      current.memoryCost < (PASSWORD_HASH_OPTIONS.memoryCost ?? 0) ||
      current.timeCost < (PASSWORD_HASH_OPTIONS.timeCost ?? 0)
    );
  } catch {
    return true;
  }
}
