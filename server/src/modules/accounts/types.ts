import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { MAIL_STATUS, RoleId, UserRow } from './table';

/** The options, inputs, answers and errors of the accounts services. */
export interface AccountsOptions {
  /** The clock (Unix ms); tests move it instead of sleeping. */
  now?: () => number;
  /** Absolute session lifetime; default 7 days. */
  sessionTtlMs?: number;
  /** A session's last_seen_at is written at most this often (ms); default 60 s. */
  touchIntervalMs?: number;
  /** A session unused for this long ends ; default 3 days. */
  idleTimeoutMs?: number;
}

export interface NewAccount {
  username: string;
  email: string;
  /** null: an account without a password (external login only). */
  password: string | null;
  displayName?: string;
  roleId?: RoleId;
  /** Default: to be verified. */
  mailStatus?: (typeof MAIL_STATUS)[keyof typeof MAIL_STATUS];
  /** An argon2id hash computed ahead (registration hashes before it looks the address up); wins over `password`. */
  passwordHash?: string;
  rank?: number;
  language?: string;
  /** The unique address key (default: the address's own key). */
  emailKey?: string;
}

export type AccountErrorCode =
  'email_taken' | 'username_taken' | 'not_found' | 'already_verified' | 'password_required' | 'password_incorrect';

/** A rule about accounts was broken; `code` says which (callers map it to a reason). */
export class AccountError extends Error {
  override readonly name = 'AccountError';
  readonly code: AccountErrorCode;

  constructor(code: AccountErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export type LoginOutcome =
  | { kind: 'ok'; user: UserRow; token: string; expiresAt: number }
  /** Unknown e-mail, deleted account or wrong password: one answer for all, by design. */
  | { kind: 'invalid' }
  | { kind: 'suspended'; user: UserRow };

/**
 * Answers of the flows that log a user in (sign-up, activation, e-mail confirmation). `stored: false`
 * marks the answer to a sign-up naming a taken address: nothing behind it exists (for the log only; the
 * client's answer is the same).
 */
export type SessionOutcome =
  | { kind: 'ok'; user: UserRow; token: string; expiresAt: number; stored?: false }
  | { kind: 'invalid' }
  | { kind: 'suspended'; user: UserRow };

/** The mails the account flows queue. */
export interface AccountMail {
  to: string;
  template: 'activation' | 'password_reset' | 'email_change' | 'email_changed_notice' | 'signup_attempt';
  params: { link?: string; username?: string; new_email?: string };
}

/** Where account mails go: the app's mail outbox, in the caller's transaction; and the site's URL for links. */
export interface MailContext {
  outbox(mail: AccountMail, trx: Transaction<DB>): Promise<void>;
  siteUrl: string;
}

/** A link to one of the account screens, carrying an e-mailed code. */
export function accountLink(
  siteUrl: string,
  screen: 'account-activation' | 'password-reset' | 'confirm-new-email' | 'unsubscribe',
  code: string,
): string {
  return `${siteUrl.replace(/\/+$/, '')}/users/${screen}?code=${encodeURIComponent(code)}`;
}

/** One of a user's own sessions (GET user/sessions); times in Unix seconds. */
export interface UserSessionInfo {
  id: string;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
  current: boolean;
}

/** The public id of a session: the first 16 hex characters of its token's hash. */
export function sessionIdOf(tokenHash: string): string {
  return tokenHash.slice(0, 16);
}

export type AccountStatus = 'normal' | 'suspended' | 'deleted' | 'inactive';

/** A live session and its account. */
export interface ResolvedSession {
  user: UserRow;
  tokenHash: string;
  expiresAt: number;
}
