import { createHash, randomBytes } from 'node:crypto';

/** Session lifetime: absolute, from login (tokens last 7 days). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A session nobody used for this long ends before its absolute expiry. */
export const SESSION_IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000;

/** A new bearer token: 32 bytes (256 bits) from the CSPRNG, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issue are exactly 43 base64url characters; anything else cannot be one and skips the lookup. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
