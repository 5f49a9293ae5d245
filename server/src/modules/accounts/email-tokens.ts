import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './repository';
import type { AccountTokenRow } from './table';
import { hashToken, looksLikeToken, newToken } from './tokens';

/**
 * E-mailed account tokens: the code in a mailed link is 32
 * bytes from the CSPRNG (256 bits, base64url, 43 characters); the database keeps only its SHA-256.
 * A code works once (unsubscribe codes excepted), until it expires, and only while no newer code of
 * the same kind was issued for the same user; a password or e-mail change revokes the pending ones.
 */
export type EmailTokenKind = 'activation' | 'email_change' | 'password_reset' | 'unsubscribe';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long each kind of link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  activation: DAY,
  email_change: DAY,
  password_reset: 30 * MINUTE,
  unsubscribe: 90 * DAY,
};

/** Kinds whose every use consumes the code; unsubscribe links keep working (each mail carries one). */
const SINGLE_USE: ReadonlySet<EmailTokenKind> = new Set(['activation', 'email_change', 'password_reset']);

/** Kinds a password change revokes (unsubscribe links are not credentials). */
export const CREDENTIAL_KINDS: readonly EmailTokenKind[] = ['activation', 'email_change', 'password_reset'];

type Db = Kysely<DB> | Transaction<DB>;

export interface IssuedToken {
  code: string;
  expiresAt: number;
}

/**
 * Issues a code of `kind` for a user. Single-use kinds supersede the user's earlier live codes of the
 * same kind (only the newest link works).
 */
export async function issueEmailToken(
  db: Db,
  userId: number,
  kind: EmailTokenKind,
  now: number,
  extra: { newEmail?: string; scope?: string } = {},
): Promise<IssuedToken> {
  if (SINGLE_USE.has(kind)) await repo.revokeTokens(db, userId, [kind], now);
  const code = newToken();
  const expiresAt = now + EMAIL_TOKEN_TTL_MS[kind];
  await repo.insertToken(db, {
    token_hash: hashToken(code),
    user_id: userId,
    kind,
    new_email: extra.newEmail ?? null,
    scope: extra.scope ?? null,
    created_at: now,
    expires_at: expiresAt,
    used_at: null,
    revoked_at: null,
  });
  return { code, expiresAt };
}

/** The live token behind a code, without using it up. */
export async function findLiveEmailToken(
  db: Db,
  code: string,
  kind: EmailTokenKind,
  now: number,
): Promise<AccountTokenRow | undefined> {
  if (!looksLikeToken(code)) return undefined;
  return repo.findLiveToken(db, hashToken(code), kind, now);
}

/**
 * Uses up a single-use code: one conditional UPDATE, so two requests racing with the same link cannot
 * both win. Returns the token row, or undefined when the code is unknown, used, superseded, revoked,
 * expired or of another kind.
 */
export async function consumeEmailToken(
  db: Db,
  code: string,
  kind: EmailTokenKind,
  now: number,
): Promise<AccountTokenRow | undefined> {
  if (!looksLikeToken(code)) return undefined;
  const tokenHash = hashToken(code);
  if (!(await repo.markTokenUsed(db, tokenHash, kind, now))) return undefined;
  return repo.findToken(db, tokenHash);
}

/** Revokes a user's live tokens of the given kinds (default: the credential kinds). Returns how many. */
export async function revokeEmailTokens(
  db: Db,
  userId: number,
  now: number,
  kinds: readonly EmailTokenKind[] = CREDENTIAL_KINDS,
): Promise<number> {
  return repo.revokeTokens(db, userId, kinds, now);
}

/** Removes tokens that ended (expired, used or revoked) before `before`. */
export async function purgeEmailTokens(db: Db, before: number): Promise<number> {
  return repo.purgeTokens(db, before);
}

/**
 * A long-lived (90 days), reusable code for the "unsubscribe" link of notification mails: it turns
 * the user's e-mail notifications off (PUT user/notification/unsubscribe); with `scope` (a notification
 * source such as `inbox` or `weekly_digest`) only the mails of that kind.
 */
export async function createUnsubscribeCode(db: Db, userId: number, now = Date.now(), scope?: string): Promise<string> {
  return (await issueEmailToken(db, userId, 'unsubscribe', now, scope ? { scope } : {})).code;
}
