import type { CurrentUser } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { awardBadges } from '../badge/awards';
import type { Session, SessionStore } from '../session/store';
import { CREDENTIAL_KINDS, revokeEmailTokens } from './email-tokens';
import { apiStatus, roleIdOf, toCurrentUser } from './mapping';
import { emailKey, usernameKey } from './normalize';
import { hashPassword, needsRehash, verifyPassword, warmUpPasswordHashing } from './password';
import * as repo from './repository';
import { MAIL_STATUS, ROLE, USER_STATUS, type RoleId, type UserRow } from './table';
import { hashToken, looksLikeToken, newToken, SESSION_IDLE_TIMEOUT_MS, SESSION_TTL_MS } from './tokens';
import {
  AccountError,
  sessionIdOf,
  type AccountsOptions,
  type AccountStatus,
  type ClientInfo,
  type LoginOutcome,
  type NewAccount,
  type ResolvedSession,
  type UserSessionInfo,
} from './types';
import { writeTransaction } from '../../db/transaction';

/** Writes that must commit with an account change (the admin action log), in its transaction. */
export type AlsoInAccountChange = (trx: Transaction<DB>, now: number) => Promise<void>;

/** The UTC day (YYYY-MM-DD) of a time in Unix ms. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** How much a role may do: a change to a lower rank is a demotion. */
const ROLE_RANK: Record<RoleId, number> = { 1: 0, 3: 1, 2: 2 };

/**
 * Accounts and sessions (AccountsService adds the e-mailed flows on top). Tokens are 256-bit random strings handed to the client once; the database
 * only ever sees their SHA-256. Sessions end at an absolute expiry (7 days) or when revoked.
 */
export class AccountSessionService {
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
    await this.assertFree(trx ?? this.db, keys);
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
      return await writeTransaction(this.db, insert);
    } catch (error) {
      // Lost a race with a concurrent registration: say which key collided.
      if (isUniqueViolation(error)) await this.assertFree(this.db, keys);
      throw error;
    }
  }

  protected async assertFree(db: Kysely<DB>, keys: { e_mail_key: string; username_key: string }): Promise<void> {
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
   * Login by e-mail and password. Unknown addresses and deleted accounts cost
   * a password verification too, so the answer time does not reveal whether an account exists.
   * The password is checked before the suspension, so a suspension is only revealed to its owner.
   */
  async loginWithEmail(email: string, password: string, client: ClientInfo = {}): Promise<LoginOutcome> {
    const user = await this.findUserByEmail(email);
    const usable = user && user.status !== USER_STATUS.deleted ? user : undefined;
    const valid = await verifyPassword(usable?.pass, password);
    if (!usable || !valid) return { kind: 'invalid' };
    if (usable.status === USER_STATUS.suspended) {
      // A suspension ends at its time: the first login after it lifts it.
      const until = usable.suspended_until;
      if (until === null || until > this.#now()) return { kind: 'suspended', user: usable };
      const lifted = {
        status: USER_STATUS.available,
        suspended_at: null,
        suspended_until: null,
        updated_at: this.#now(),
      };
      await repo.updateUser(this.db, usable.id, lifted);
    }

    const { token, expiresAt } = await writeTransaction(this.db, async (trx) => {
      const minted = await this.mintSession(trx, usable.id, client);
      const patch: Parameters<typeof repo.updateUser>[2] = {};
      if (needsRehash(usable.pass)) patch.pass = await hashPassword(password);
      if (patch.pass) await repo.updateUser(trx, usable.id, patch);
      return minted;
    });
    const fresh = (await repo.findUserById(this.db, usable.id)) ?? usable;
    return { kind: 'ok', user: fresh, token, expiresAt };
  }

  /** When a session made now would end (its absolute lifetime). */
  protected sessionExpiry(now: number): number {
    return now + this.#ttl;
  }

  /** A new session for a user (login, sign-up, e-mail confirmation); also stamps last_login_date. */
  protected async mintSession(
    db: Kysely<DB> | Transaction<DB>,
    userId: number,
    client: ClientInfo,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.#now();
    const token = newToken();
    const expiresAt = this.sessionExpiry(now);
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
    if (await repo.countVisitDay(db, userId, utcDay(now))) await awardBadges(db, { kind: 'visit', userId }, now);
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
      // The first request of a new UTC day counts the day (once per member, whatever the session).
      if (utcDay(lastSeen) !== utcDay(now) && (await repo.countVisitDay(this.db, found.user.id, utcDay(now))))
        await awardBadges(this.db, { kind: 'visit', userId: found.user.id }, now);
    }
    return { user: found.user, tokenHash, expiresAt: found.session.expires_at };
  }

  /**
   * The suspension that ended a token's session, while it holds: the session was live until the member
   * was suspended (suspending ends every session at that moment) and would not have expired yet. Lets
   * the site tell a member who was using it why they are out, rather than treat them as a visitor.
   */
  async endedBySuspension(token: string): Promise<{ suspended_until: number | null } | null> {
    if (!looksLikeToken(token)) return null;
    const found = await repo.findAnySession(this.db, hashToken(token));
    if (!found) return null;
    const { session, user } = found;
    const now = this.#now();
    if (user.status !== USER_STATUS.suspended || session.revoked_at === null || session.expires_at <= now) return null;
    if (user.suspended_until !== null && user.suspended_until <= now) return null;
    if (user.suspended_at === null || session.revoked_at < user.suspended_at) return null;
    return { suspended_until: user.suspended_until };
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
   * reset links die with the old password.
   */
  async setPassword(userId: number, password: string, keepToken?: string, also?: AlsoInAccountChange): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const pass = await hashPassword(password);
    await writeTransaction(this.db, async (trx) => {
      const now = this.#now();
      await repo.updateUser(trx, userId, { pass, updated_at: now });
      await repo.revokeUserSessions(trx, userId, now, keepToken ? hashToken(keepToken) : undefined);
      await revokeEmailTokens(trx, userId, now, CREDENTIAL_KINDS);
      await also?.(trx, now);
    });
  }

  /** A user's live sessions ("my logins"), newest first; `current` marks the one of `currentToken`. */
  async listSessions(userId: number, currentToken?: string | null): Promise<UserSessionInfo[]> {
    const now = this.#now();
    const currentHash = currentToken && looksLikeToken(currentToken) ? hashToken(currentToken) : '';
    const rows = await repo.listLiveSessions(this.db, userId, now);
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
    let ended = false;
    for (const tokenHash of await repo.findSessionHashesByPrefix(this.db, userId, id)) {
      if (await repo.revokeSession(this.db, tokenHash, this.#now())) ended = true;
    }
    return ended;
  }

  /**
   * Changes a user's status (admin). Suspending, deleting and deactivating (the address must be
   * verified again) end every session of the user at once; deleting also kills the
   * pending links. `normal` lifts a suspension and marks the address verified. `also` runs in the
   * same transaction.
   */
  async setStatus(
    userId: number,
    status: AccountStatus,
    options: { until?: number | null; also?: AlsoInAccountChange } = {},
  ): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const now = this.#now();
    await writeTransaction(this.db, async (trx) => {
      if (status === 'normal') {
        await repo.updateUser(trx, userId, {
          status: USER_STATUS.available,
          mail_status: MAIL_STATUS.verified,
          suspended_at: null,
          suspended_until: null,
          updated_at: now,
        });
        await options.also?.(trx, now);
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
      await options.also?.(trx, now);
    });
  }

  /**
   * Changes a user's role (admin). A demotion (admin -> moderator -> user) ends every session of the
   * user. `also` runs in the same transaction.
   */
  async setRole(userId: number, roleId: RoleId, also?: AlsoInAccountChange): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AccountError('not_found', `No user with id ${userId}`);
    const now = this.#now();
    const demoted = ROLE_RANK[roleId] < ROLE_RANK[roleIdOf(user)];
    await writeTransaction(this.db, async (trx) => {
      await repo.updateUser(trx, userId, { role_id: roleId, updated_at: now });
      if (demoted) await repo.revokeUserSessions(trx, userId, now);
      await also?.(trx, now);
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
      endedBySuspension: (token) => this.endedBySuspension(token),
    };
  }

  /** The app's UserStore (modules/user) over this service. */
  userStore(): { currentUser(session: Session): Promise<CurrentUser | null> } {
    return {
      currentUser: async (session): Promise<CurrentUser | null> => {
        const user = await repo.findUserById(this.db, Number(session.userId));
        return user && user.status !== USER_STATUS.deleted ? toCurrentUser(user) : null;
      },
    };
  }
}
