import type { CurrentUser } from '@agora/shared-api/contract';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB, UserRow } from '../../db/schema';
import type { Session, SessionStore } from '../session/store';
import type { UserStore } from '../user/service';
import { apiStatus, MAIL_STATUS, ROLE, roleIdOf, toCurrentUser, USER_STATUS, type RoleId } from './mapping';
import { emailKey, usernameKey } from './normalize';
import { hashPassword, needsRehash, verifyPassword, warmUpPasswordHashing } from './password';
import {
  CREDENTIAL_KINDS,
  consumeEmailToken,
  createUnsubscribeCode,
  findLiveEmailToken,
  issueEmailToken,
  revokeEmailTokens,
} from './email-tokens';
import * as repo from './repository';
import { hashToken, looksLikeToken, newToken, SESSION_IDLE_TIMEOUT_MS, SESSION_TTL_MS } from './tokens';

export interface AccountsOptions {
  /** The clock (Unix ms); tests move it instead of sleeping. */
  now?: () => number;
  /** Absolute session lifetime; default 7 days. */
  sessionTtlMs?: number;
  /** A session's last_seen_at is written at most this often (ms); default 60 s. */
  touchIntervalMs?: number;
  /** A session unused for this long ends (checklist S3); default 3 days. */
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
  /** The unique address key (default: the address's own); a sign-up attempt on a taken address gets a key of its own. */
  emailKey?: string;
}

/**
 * The address key of an account made by a sign-up with an address that already has one: unique, and
 * never equal to an address's key (no `@`), so no login, reset or sign-up ever finds it by address.
 */
const SIGNUP_ATTEMPT = '~signup-attempt:';
const signupAttemptKey = () => SIGNUP_ATTEMPT + randomBytes(16).toString('hex');

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

/** Answers of the flows that log a user in (sign-up, activation, e-mail confirmation). */
export type SessionOutcome =
  | { kind: 'ok'; user: UserRow; token: string; expiresAt: number }
  | { kind: 'invalid' }
  | { kind: 'suspended'; user: UserRow };

/** The mails the account flows queue (common4 decision 5). */
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

/** How much a role may do: a change to a lower rank is a demotion. */
const ROLE_RANK: Record<RoleId, number> = { 1: 0, 3: 1, 2: 2 };

/** A notification's channel list with e-mail turned off (other channels kept). */
function emailChannelOff(channels: string): string {
  let list: Array<{ key?: unknown; enable?: unknown }> = [];
  try {
    const parsed = JSON.parse(channels) as unknown;
    if (Array.isArray(parsed)) list = parsed as typeof list;
  } catch {
    // Unreadable: replaced below.
  }
  const others = list.filter((c) => c && c.key !== 'email');
  return JSON.stringify([...others, { key: 'email', enable: false }]);
}

/** A live session and its account. */
export interface ResolvedSession {
  user: UserRow;
  tokenHash: string;
  expiresAt: number;
}

/**
 * Accounts and sessions. Tokens are 256-bit random strings handed to the client once; the database
 * only ever sees their SHA-256. Sessions end at an absolute expiry (7 days) or when revoked.
 */
export class AccountsService {
  readonly db: Kysely<DB>;
  readonly #now: () => number;
  readonly #ttl: number;
  readonly #touchInterval: number;
  readonly #idleTimeout: number;

  constructor(db: Kysely<DB>, options: AccountsOptions = {}) {
    this.db = db;
    this.#now = options.now ?? Date.now;
    this.#ttl = options.sessionTtlMs ?? SESSION_TTL_MS;
    this.#touchInterval = options.touchIntervalMs ?? 60_000;
    this.#idleTimeout = options.idleTimeoutMs ?? SESSION_IDLE_TIMEOUT_MS;
    warmUpPasswordHashing();
  }

  now(): number {
    return this.#now();
  }

  /**
   * Creates an account; the first one gets id 1. Throws AccountError `email_taken` or
   * `username_taken` when the address or the name (compared by their keys) is in use.
   * Input format rules (lengths, characters) are the caller's; uniqueness is enforced here.
   * With `trx`, the account is created inside the caller's transaction (the installer's seeding).
   */
  async createUser(input: NewAccount, trx?: Transaction<DB>): Promise<UserRow> {
    const keys = { e_mail_key: input.emailKey ?? emailKey(input.email), username_key: usernameKey(input.username) };
    await this.#assertFree(trx ?? this.db, keys);
    const pass = input.passwordHash ?? (input.password === null ? '' : await hashPassword(input.password));
    const now = this.#now();
    const insert = async (db: Transaction<DB>) => {
      const userId = await nextId(db, 'user');
      await repo.insertUser(db, {
        id: userId,
        username: input.username,
        username_key: keys.username_key,
        e_mail: input.email.trim(),
        e_mail_key: keys.e_mail_key,
        pass,
        mail_status: input.mailStatus ?? MAIL_STATUS.toBeVerified,
        rank: input.rank ?? 0,
        display_name: input.displayName ?? input.username,
        avatar: '',
        bio: '',
        bio_html: '',
        language: input.language ?? 'Default',
        role_id: input.roleId ?? ROLE.user,
        status: USER_STATUS.available,
        created_at: now,
        updated_at: now,
      });
      return (await repo.findUserById(db, userId))!;
    };
    // Inside the caller's transaction a collision aborts it (PostgreSQL): the caller handles it.
    if (trx) return insert(trx);
    try {
      return await this.db.transaction().execute(insert);
    } catch (error) {
      // Lost a race with a concurrent registration: say which key collided.
      if (isUniqueViolation(error)) await this.#assertFree(this.db, keys);
      throw error;
    }
  }

  async #assertFree(db: Kysely<DB>, keys: { e_mail_key: string; username_key: string }): Promise<void> {
    if (await repo.findUserByEmailKey(db, keys.e_mail_key)) {
      throw new AccountError('email_taken', 'This e-mail address is already in use');
    }
    if (await repo.findUserByUsernameKey(db, keys.username_key)) {
      throw new AccountError('username_taken', 'This username is already in use');
    }
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return repo.findUserByEmailKey(this.db, emailKey(email));
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return repo.findUserById(this.db, id);
  }

  /**
   * Login by e-mail and password (answer-api.md §2.2). Unknown addresses and deleted accounts cost
   * a password verification too, so the answer time does not reveal whether an account exists.
   * The password is checked before the suspension, so a suspension is only revealed to its owner.
   */
  async loginWithEmail(email: string, password: string, client: ClientInfo = {}): Promise<LoginOutcome> {
    const user = await this.findUserByEmail(email);
    const usable = user && user.status !== USER_STATUS.deleted ? user : undefined;
    const valid = await verifyPassword(usable?.pass, password);
    if (!usable || !valid) return { kind: 'invalid' };
    if (usable.status === USER_STATUS.suspended) return { kind: 'suspended', user: usable };

    const { token, expiresAt } = await this.db.transaction().execute(async (trx) => {
      const minted = await this.#mintSession(trx, usable.id, client);
      const patch: Parameters<typeof repo.updateUser>[2] = {};
      if (needsRehash(usable.pass)) patch.pass = await hashPassword(password);
      if (patch.pass) await repo.updateUser(trx, usable.id, patch);
      return minted;
    });
    const fresh = (await repo.findUserById(this.db, usable.id)) ?? usable;
    return { kind: 'ok', user: fresh, token, expiresAt };
  }

  /** A new session for a user (login, sign-up, e-mail confirmation); also stamps last_login_date. */
  async #mintSession(
    db: Kysely<DB> | Transaction<DB>,
    userId: number,
    client: ClientInfo,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.#now();
    const token = newToken();
    const expiresAt = now + this.#ttl;
    await repo.insertSession(db, {
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      revoked_at: null,
      ip: (client.ip ?? '').slice(0, 64),
      user_agent: (client.userAgent ?? '').slice(0, 500),
    });
    await repo.updateUser(db, userId, { last_login_date: now });
    return { token, expiresAt };
  }

  /** The live session behind a token, or null (unknown, expired, revoked, or the account deleted). */
  async resolve(token: string | null | undefined): Promise<ResolvedSession | null> {
    if (!token || !looksLikeToken(token)) return null;
    const tokenHash = hashToken(token);
    const now = this.#now();
    const found = await repo.findLiveSession(this.db, tokenHash, now);
    if (!found || found.user.status === USER_STATUS.deleted) return null;
    const lastSeen = found.session.last_seen_at ?? found.session.created_at;
    if (now - lastSeen > this.#idleTimeout) return null;
    if (found.session.last_seen_at === null || now - found.session.last_seen_at >= this.#touchInterval) {
      await repo.touchSession(this.db, tokenHash, now);
    }
    return { user: found.user, tokenHash, expiresAt: found.session.expires_at };
  }

  /** Ends the session of a token (logout). True if it was live. */
  logout(token: string): Promise<boolean> {
    if (!looksLikeToken(token)) return Promise.resolve(false);
    return repo.revokeSession(this.db, hashToken(token), this.#now());
  }

  /** Ends every session of a user but the one given (password change keeps the current one). */
  revokeSessions(userId: number, keepToken?: string): Promise<number> {
    return repo.revokeUserSessions(this.db, userId, this.#now(), keepToken ? hashToken(keepToken) : undefined);
  }

  /**
   * Sets a new password and ends the user's other sessions; pending activation, e-mail change and
   * reset links die with the old password (checklist A5, R1).
   */
  async setPassword(userId: number, password: string, keepToken?: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const pass = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const now = this.#now();
      await repo.updateUser(trx, userId, { pass, updated_at: now });
      await repo.revokeUserSessions(trx, userId, now, keepToken ? hashToken(keepToken) : undefined);
      await revokeEmailTokens(trx, userId, now, CREDENTIAL_KINDS);
    });
  }

  /**
   * Sign-up by e-mail (answer-api.md §2.2): creates the account, its default notification settings
   * (inbox by e-mail) and a session, and queues the activation mail, all in one transaction. The
   * password is hashed before the address is looked up, so a taken address costs the same time.
   *
   * With e-mail verification on, a taken address answers like a free one (sign-up does not
   * tell who is a member): the same inactive account and session come back, but the account's address key
   * is its own (signupAttemptKey), no activation link exists for it, and the address's owner gets a mail
   * saying someone tried to sign up. Such an account can never be activated or logged in to by address.
   * Throws AccountError `email_taken` (verification off, or a concurrent sign-up won the race) /
   * `username_taken`.
   */
  async register(
    input: { username: string; displayName: string; email: string; password: string },
    client: ClientInfo,
    mail: MailContext,
    options: { requireVerification: boolean },
  ): Promise<SessionOutcome> {
    const passwordHash = await hashPassword(input.password);
    const keys = { e_mail_key: emailKey(input.email), username_key: usernameKey(input.username) };
    try {
      return await this.db.transaction().execute(async (trx) => {
        const owner = options.requireVerification ? await repo.findUserByEmailKey(trx, keys.e_mail_key) : undefined;
        const created = await this.createUser(
          {
            ...(owner ? { emailKey: signupAttemptKey() } : {}),
            username: input.username,
            displayName: input.displayName,
            email: input.email,
            password: null,
            passwordHash,
            mailStatus: options.requireVerification ? MAIL_STATUS.toBeVerified : MAIL_STATUS.verified,
          },
          trx,
        );
        const now = this.#now();
        await trx
          .insertInto('user_notification_config')
          .values({
            id: await nextId(trx, 'user_notification_config'),
            user_id: created.id,
            source: 'inbox',
            channels: JSON.stringify([{ key: 'email', enable: true }]),
            enabled: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const { token, expiresAt } = await this.#mintSession(trx, created.id, client);
        if (owner) {
          await mail.outbox(
            { to: owner.e_mail, template: 'signup_attempt', params: { username: owner.username } },
            trx,
          );
        } else if (options.requireVerification) {
          const { code } = await issueEmailToken(trx, created.id, 'activation', now);
          await mail.outbox(
            {
              to: created.e_mail,
              template: 'activation',
              params: { link: accountLink(mail.siteUrl, 'account-activation', code), username: created.username },
            },
            trx,
          );
        }
        const user = (await repo.findUserById(trx, created.id)) ?? created;
        return { kind: 'ok' as const, user, token, expiresAt };
      });
    } catch (error) {
      if (isUniqueViolation(error)) await this.#assertFree(this.db, keys);
      throw error;
    }
  }

  /**
   * POST user/email/verification: uses an activation code up, marks the address verified and logs
   * the user in. `invalid` for an unknown, used, superseded or expired code, or a deleted account.
   */
  async verifyEmail(code: string, client: ClientInfo): Promise<SessionOutcome> {
    return this.db.transaction().execute(async (trx): Promise<SessionOutcome> => {
      const now = this.#now();
      const token = await consumeEmailToken(trx, code, 'activation', now);
      const user = token ? await repo.findUserById(trx, token.user_id) : undefined;
      if (!user || user.status === USER_STATUS.deleted) return { kind: 'invalid' };
      await repo.updateUser(trx, user.id, { mail_status: MAIL_STATUS.verified, updated_at: now });
      if (user.status === USER_STATUS.suspended) return { kind: 'suspended', user };
      const minted = await this.#mintSession(trx, user.id, client);
      return { kind: 'ok', user: (await repo.findUserById(trx, user.id))!, ...minted };
    });
  }

  /** POST user/email/verification/send: a new activation link (the older ones stop working). */
  async resendActivation(userId: number, mail: MailContext): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status === USER_STATUS.deleted) throw new AccountError('not_found', `No user with id ${userId}`);
    if (user.mail_status === MAIL_STATUS.verified) {
      throw new AccountError('already_verified', 'This e-mail address is already verified');
    }
    // The account of a sign-up with a taken address: its address belongs to someone else, it gets no link.
    if (user.e_mail_key.startsWith(SIGNUP_ATTEMPT)) return;
    await this.db.transaction().execute(async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'activation', this.#now());
      await mail.outbox(
        {
          to: user.e_mail,
          template: 'activation',
          params: { link: accountLink(mail.siteUrl, 'account-activation', code), username: user.username },
        },
        trx,
      );
    });
  }

  /**
   * POST user/email/change/code: checks the password (required once the current address is
   * verified), checks the new address is free, and mails a confirmation link to the new address.
   * Throws AccountError `password_required`, `password_incorrect`, `email_taken`.
   */
  async requestEmailChange(
    userId: number,
    input: { email: string; password?: string },
    mail: MailContext,
  ): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status === USER_STATUS.deleted) throw new AccountError('not_found', `No user with id ${userId}`);
    const hasPassword = user.pass !== '';
    if (hasPassword && user.mail_status === MAIL_STATUS.verified && !input.password) {
      throw new AccountError('password_required', 'The current password is required');
    }
    if (hasPassword && input.password !== undefined && input.password !== '') {
      if (!(await verifyPassword(user.pass, input.password))) {
        throw new AccountError('password_incorrect', 'The current password is incorrect');
      }
    }
    if (await repo.findUserByEmailKey(this.db, emailKey(input.email))) {
      throw new AccountError('email_taken', 'This e-mail address is already in use');
    }
    const newEmail = input.email.trim();
    await this.db.transaction().execute(async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'email_change', this.#now(), { newEmail });
      await mail.outbox(
        {
          to: newEmail,
          template: 'email_change',
          params: {
            link: accountLink(mail.siteUrl, 'confirm-new-email', code),
            username: user.username,
            new_email: newEmail,
          },
        },
        trx,
      );
    });
  }

  /**
   * PUT user/email: applies a confirmed address (verified from now on), ends every session and
   * pending link of the user, logs in anew and tells the old address. `invalid` for a bad code;
   * AccountError `email_taken` when someone took the address meanwhile (the code stays usable).
   */
  async confirmEmailChange(code: string, client: ClientInfo, mail: MailContext): Promise<SessionOutcome> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<SessionOutcome> => {
        const now = this.#now();
        const token = await consumeEmailToken(trx, code, 'email_change', now);
        const user = token ? await repo.findUserById(trx, token.user_id) : undefined;
        if (!token?.new_email || !user || user.status === USER_STATUS.deleted) return { kind: 'invalid' };
        const key = emailKey(token.new_email);
        const holder = await repo.findUserByEmailKey(trx, key);
        if (holder && holder.id !== user.id)
          throw new AccountError('email_taken', 'This e-mail address is already in use');
        await repo.updateUser(trx, user.id, {
          e_mail: token.new_email,
          e_mail_key: key,
          mail_status: MAIL_STATUS.verified,
          updated_at: now,
        });
        await revokeEmailTokens(trx, user.id, now, ['activation', 'email_change', 'password_reset', 'unsubscribe']);
        await repo.revokeUserSessions(trx, user.id, now);
        if (emailKey(user.e_mail) !== key) {
          await mail.outbox(
            {
              to: user.e_mail,
              template: 'email_changed_notice',
              params: { username: user.username, new_email: token.new_email },
            },
            trx,
          );
        }
        const fresh = (await repo.findUserById(trx, user.id))!;
        if (user.status === USER_STATUS.suspended) return { kind: 'suspended', user: fresh };
        const minted = await this.#mintSession(trx, user.id, client);
        return { kind: 'ok', user: (await repo.findUserById(trx, user.id))!, ...minted };
      });
    } catch (error) {
      // Someone took the address between the check and the update.
      if (isUniqueViolation(error)) {
        throw new AccountError('email_taken', 'This e-mail address is already in use');
      }
      throw error;
    }
  }

  /**
   * POST user/password/reset: mails a reset link (30 minutes) when the address belongs to an account
   * that is not deleted; says nothing either way (no enumeration, checklist A2).
   */
  async requestPasswordReset(email: string, mail: MailContext): Promise<void> {
    const user = await this.findUserByEmail(email);
    if (!user || user.status === USER_STATUS.deleted) return;
    await this.db.transaction().execute(async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'password_reset', this.#now());
      await mail.outbox(
        {
          to: user.e_mail,
          template: 'password_reset',
          params: { link: accountLink(mail.siteUrl, 'password-reset', code), username: user.username },
        },
        trx,
      );
    });
  }

  /**
   * POST user/password/replacement: sets the password a reset link was mailed for, ends every
   * session and pending link of the user. False when the code is not (or no longer) valid.
   */
  async resetPassword(code: string, password: string): Promise<boolean> {
    const pass = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const now = this.#now();
      const token = await consumeEmailToken(trx, code, 'password_reset', now);
      const user = token ? await repo.findUserById(trx, token.user_id) : undefined;
      if (!user || user.status === USER_STATUS.deleted) return false;
      await repo.updateUser(trx, user.id, { pass, updated_at: now });
      await repo.revokeUserSessions(trx, user.id, now);
      await revokeEmailTokens(trx, user.id, now, CREDENTIAL_KINDS);
      return true;
    });
  }

  /**
   * PUT user/password: needs the current password (when the account has one); keeps the current
   * session and ends the others. Throws AccountError `password_required` / `password_incorrect`.
   */
  async changePassword(userId: number, oldPassword: string | undefined, password: string, keepToken?: string) {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    if (user.pass !== '') {
      if (!oldPassword) throw new AccountError('password_required', 'The current password is required');
      if (!(await verifyPassword(user.pass, oldPassword))) {
        throw new AccountError('password_incorrect', 'The current password is incorrect');
      }
    }
    await this.setPassword(userId, password, keepToken);
  }

  /** A reusable 90-day code for the unsubscribe link of a notification mail. */
  createUnsubscribeCode(userId: number): Promise<string> {
    return createUnsubscribeCode(this.db, userId, this.#now());
  }

  /**
   * PUT user/notification/unsubscribe: turns the e-mail channel off for every notification source of
   * the user behind the code (an inbox row with e-mail off when there was none). False for a bad code.
   */
  async unsubscribe(code: string): Promise<boolean> {
    const now = this.#now();
    const token = await findLiveEmailToken(this.db, code, 'unsubscribe', now);
    if (!token) return false;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('user_notification_config')
        .selectAll()
        .where('user_id', '=', token.user_id)
        .execute();
      for (const row of rows) {
        await trx
          .updateTable('user_notification_config')
          .set({ channels: emailChannelOff(row.channels), enabled: 0, updated_at: now })
          .where('id', '=', row.id)
          .execute();
      }
      if (!rows.some((row) => row.source === 'inbox')) {
        await trx
          .insertInto('user_notification_config')
          .values({
            id: await nextId(trx, 'user_notification_config'),
            user_id: token.user_id,
            source: 'inbox',
            channels: JSON.stringify([{ key: 'email', enable: false }]),
            enabled: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
    return true;
  }

  /** A user's live sessions ("my logins"), newest first; `current` marks the one of `currentToken`. */
  async listSessions(userId: number, currentToken?: string | null): Promise<UserSessionInfo[]> {
    const now = this.#now();
    const currentHash = currentToken && looksLikeToken(currentToken) ? hashToken(currentToken) : '';
    const rows = await this.db
      .selectFrom('session')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows
      .filter((row) => now - (row.last_seen_at ?? row.created_at) <= this.#idleTimeout)
      .map((row) => ({
        id: sessionIdOf(row.token_hash),
        created_at: Math.floor(row.created_at / 1000),
        last_seen_at: Math.floor((row.last_seen_at ?? row.created_at) / 1000),
        ip: row.ip,
        user_agent: row.user_agent,
        current: row.token_hash === currentHash,
      }));
  }

  /** Ends one of a user's own sessions by its public id; false when the user has no such live session. */
  async revokeSessionById(userId: number, id: string): Promise<boolean> {
    if (!/^[0-9a-f]{16}$/.test(id)) return false;
    const rows = await this.db
      .selectFrom('session')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('token_hash', 'like', `${id}%`)
      .execute();
    let ended = false;
    for (const row of rows) {
      if (await repo.revokeSession(this.db, row.token_hash, this.#now())) ended = true;
    }
    return ended;
  }

  /**
   * Changes a user's status (admin). Suspending, deleting and deactivating (the address must be
   * verified again) end every session of the user at once (checklist S5); deleting also kills the
   * pending links. `normal` lifts a suspension and marks the address verified.
   */
  async setStatus(userId: number, status: AccountStatus, options: { until?: number | null } = {}): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const now = this.#now();
    await this.db.transaction().execute(async (trx) => {
      if (status === 'normal') {
        await repo.updateUser(trx, userId, {
          status: USER_STATUS.available,
          mail_status: MAIL_STATUS.verified,
          suspended_at: null,
          suspended_until: null,
          updated_at: now,
        });
        return;
      }
      if (status === 'suspended') {
        await repo.updateUser(trx, userId, {
          status: USER_STATUS.suspended,
          suspended_at: now,
          suspended_until: options.until ?? null,
          updated_at: now,
        });
      } else if (status === 'deleted') {
        await repo.updateUser(trx, userId, { status: USER_STATUS.deleted, deleted_at: now, updated_at: now });
        await revokeEmailTokens(trx, userId, now, ['activation', 'email_change', 'password_reset', 'unsubscribe']);
      } else {
        await repo.updateUser(trx, userId, {
          status: USER_STATUS.available,
          mail_status: MAIL_STATUS.toBeVerified,
          suspended_at: null,
          suspended_until: null,
          updated_at: now,
        });
      }
      await repo.revokeUserSessions(trx, userId, now);
    });
  }

  /** Changes a user's role (admin). A demotion (admin -> moderator -> user) ends every session of the user (S5). */
  async setRole(userId: number, roleId: RoleId): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const now = this.#now();
    const demoted = ROLE_RANK[roleId] < ROLE_RANK[roleIdOf(user)];
    await this.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, userId, { role_id: roleId, updated_at: now });
      if (demoted) await repo.revokeUserSessions(trx, userId, now);
    });
  }

  /** The app's SessionStore (plugins/auth.ts) over this service. */
  sessionStore(): SessionStore {
    return {
      find: async (token): Promise<Session | null> => {
        const resolved = await this.resolve(token);
        if (!resolved) return null;
        return {
          token,
          userId: String(resolved.user.id),
          roleId: roleIdOf(resolved.user),
          status: apiStatus(resolved.user),
        };
      },
      revoke: async (token) => {
        await this.logout(token);
      },
    };
  }

  /** The app's UserStore (modules/user) over this service. */
  userStore(): UserStore {
    return {
      currentUser: async (session): Promise<CurrentUser | null> => {
        const user = await repo.findUserById(this.db, Number(session.userId));
        return user && user.status !== USER_STATUS.deleted ? toCurrentUser(user) : null;
      },
    };
  }
}
