import type { CurrentUser } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB, UserRow } from '../../db/schema';
import type { Session, SessionStore } from '../session/store';
import type { UserStore } from '../user/service';
import { apiStatus, MAIL_STATUS, ROLE, roleIdOf, toCurrentUser, USER_STATUS, type RoleId } from './mapping';
import { emailKey, usernameKey } from './normalize';
import { hashPassword, needsRehash, verifyPassword, warmUpPasswordHashing } from './password';
import * as repo from './repository';
import { hashToken, looksLikeToken, newToken, SESSION_TTL_MS } from './tokens';

export interface AccountsOptions {
  /** The clock (Unix ms); tests move it instead of sleeping. */
  now?: () => number;
  /** Absolute session lifetime; default 7 days. */
  sessionTtlMs?: number;
  /** A session's last_seen_at is written at most this often (ms); default 60 s. */
  touchIntervalMs?: number;
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
  rank?: number;
  language?: string;
}

export type AccountErrorCode = 'email_taken' | 'username_taken' | 'not_found';

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

  constructor(db: Kysely<DB>, options: AccountsOptions = {}) {
    this.db = db;
    this.#now = options.now ?? Date.now;
    this.#ttl = options.sessionTtlMs ?? SESSION_TTL_MS;
    this.#touchInterval = options.touchIntervalMs ?? 60_000;
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
    const keys = { e_mail_key: emailKey(input.email), username_key: usernameKey(input.username) };
    await this.#assertFree(trx ?? this.db, keys);
    const pass = input.password === null ? '' : await hashPassword(input.password);
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

    const now = this.#now();
    const token = newToken();
    const expiresAt = now + this.#ttl;
    await this.db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        token_hash: hashToken(token),
        user_id: usable.id,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
        revoked_at: null,
        ip: (client.ip ?? '').slice(0, 64),
        user_agent: (client.userAgent ?? '').slice(0, 500),
      });
      const patch: Parameters<typeof repo.updateUser>[2] = { last_login_date: now };
      if (needsRehash(usable.pass)) patch.pass = await hashPassword(password);
      await repo.updateUser(trx, usable.id, patch);
    });
    const fresh = (await repo.findUserById(this.db, usable.id)) ?? usable;
    return { kind: 'ok', user: fresh, token, expiresAt };
  }

  /** The live session behind a token, or null (unknown, expired, revoked, or the account deleted). */
  async resolve(token: string | null | undefined): Promise<ResolvedSession | null> {
    if (!token || !looksLikeToken(token)) return null;
    const tokenHash = hashToken(token);
    const now = this.#now();
    const found = await repo.findLiveSession(this.db, tokenHash, now);
    if (!found || found.user.status === USER_STATUS.deleted) return null;
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

  /** Sets a new password and ends the user's other sessions. */
  async setPassword(userId: number, password: string, keepToken?: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    await repo.updateUser(this.db, userId, { pass: await hashPassword(password), updated_at: this.#now() });
    await this.revokeSessions(userId, keepToken);
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
