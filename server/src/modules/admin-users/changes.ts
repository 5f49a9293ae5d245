import type { AdminUserProfileBody, AdminUserStatus, AdminUserStatusBody } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import type { DB, UserRow } from '../../db/schema';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { isEmail } from '../../lib/email';
import { apiStatus, MAIL_STATUS, roleIdOf, USER_STATUS, type RoleId } from '../accounts/mapping';
import { emailKey, usernameKey } from '../accounts/normalize';
import { checkPassword } from '../accounts/password-policy';
import { isReservedUsername } from '../accounts/names';
import type { AccountSessionService } from '../accounts/service';
import type { AuditEntry, AuditWrite } from '../audit/service';
import type { Actor } from '../post/actor';
import { usernameProblem } from '../profile/username';
import { applyReputation } from '../reputation';
import { displayNameFailure } from './bulk';
import { removeAllContent, type ContentServices } from './content';
import * as repo from './repository';
import { REASONS, STAFF_ACTION_KEYS, STAFF_ACTIONS, suspensionEnd } from './table';
import { writeTransaction } from '../../db/transaction';

/**
 * Status changes an administrator may not make in one step: an inactive account is confirmed (normal)
 * before it can be suspended or deleted, and a suspended one is not sent back to confirm its address.
 */
const BLOCKED_MOVES: Partial<Record<AdminUserStatus, AdminUserStatus[]>> = {
  inactive: ['suspended', 'deleted'],
  suspended: ['inactive'],
};

/** Roles as the audit log names them. */
const ROLE_WORDS: Record<RoleId, string> = { 1: 'user', 2: 'admin', 3: 'moderator' };

const userTarget = (user: Pick<UserRow, 'id' | 'username'>) =>
  ({ type: 'user', id: String(user.id), name: user.username }) as const;

export interface AdminUserChangesOptions {
  accounts: AccountSessionService;
  content: ContentServices;
  now?: () => number;
}

/**
 * What an administrator changes on an account: status, role, password, profile. Each change, its
 * line in the member's action log and its audit entry (`audit`, the request's writer) commit together;
 * nobody changes their own status, role or password here, and a deleted account stays deleted.
 */
export class AdminUserChanges {
  readonly #db: Kysely<DB>;
  readonly #accounts: AccountSessionService;
  readonly #content: ContentServices;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: AdminUserChangesOptions) {
    this.#db = db;
    this.#accounts = options.accounts;
    this.#content = options.content;
    this.#now = options.now ?? Date.now;
  }

  /** The account, or 404; `self` refuses the administrator's own account. */
  async #target(actor: Actor, userId: number, { self = true, deleted = false } = {}): Promise<UserRow> {
    if (!self && userId === actor.userId) throw ApiFailure.forbidden(REASONS.self);
    const user = await repo.findUser(this.#db, userId);
    if (!user) throw ApiFailure.notFound('error.user.not_found');
    if (!deleted && user.status === USER_STATUS.deleted) throw ApiFailure.badRequest(REASONS.deletedFinal);
    return user;
  }

  /** Writes the staff action `key` on the member's log and the audit entry, in the change's transaction. */
  async #logger(actor: Actor, userId: number, key: string, audit: AuditWrite, entry: AuditEntry) {
    // Read before the transaction: SQLite has one connection, held by the transaction.
    const ids = await repo.configIds(this.#db, STAFF_ACTION_KEYS);
    const typeId = ids.get(key);
    if (typeId === undefined) throw new Error(`the activity type ${key} is missing: is the database migrated?`);
    return async (trx: Transaction<DB>, now: number) => {
      await repo.insertStaffAction(trx, { userId, operatorId: actor.userId, typeId, now });
      await audit(entry, trx);
    };
  }

  /**
   * PUT user/status. The same status again changes nothing (a deletion with remove_all_content still
   * removes what is left). Suspending, deleting and deactivating end every session of the member.
   */
  async setStatus(actor: Actor, userId: number, body: AdminUserStatusBody, audit: AuditWrite): Promise<void> {
    const user = await this.#target(actor, userId, { self: false, deleted: true });
    const current = apiStatus(user) as AdminUserStatus;
    if (current === 'deleted' && body.status !== 'deleted') throw ApiFailure.badRequest(REASONS.deletedFinal);
    if (BLOCKED_MOVES[current]?.includes(body.status)) throw ApiFailure.badRequest(REASONS.statusMove);
    const removeAll = body.status === 'deleted' && body.remove_all_content === true;
    // Lifting to normal also confirms the address (activation forced by the administrator).
    const activates = body.status === 'normal' && user.mail_status !== MAIL_STATUS.verified;
    const options = [...(removeAll ? ['remove_all_content'] : []), ...(activates ? ['activated'] : [])];
    const entry = (until?: number): AuditEntry => ({
      action: 'user.status_changed',
      target: userTarget(user),
      detail: {
        from: current,
        to: body.status,
        ...(until === undefined ? {} : { until: Math.floor(until / 1000) }),
        ...(options.length ? { options } : {}),
      },
    });
    if (current !== body.status) {
      const until = body.status === 'suspended' ? suspensionEnd(body.suspend_duration, this.#now()) : undefined;
      const log = await this.#logger(actor, user.id, STAFF_ACTIONS[body.status], audit, entry(until));
      if (until !== undefined) {
        await this.#accounts.setStatus(user.id, 'suspended', { until, also: log });
      } else if (body.status === 'normal') {
        await this.#accounts.setStatus(user.id, 'normal', {
          also: async (trx, now) => {
            // Lifting to normal also confirms the address: the first confirmation's reputation comes with it.
            if (activates)
              await applyReputation(trx, { userId: user.id, key: 'user.activated', objectId: String(user.id), now });
            await log(trx, now);
          },
        });
      } else {
        await this.#accounts.setStatus(user.id, body.status, { also: log });
      }
    }
    if (removeAll) {
      await removeAllContent(this.#db, this.#content, actor, user.id);
      // Deleted already: removing what is left of the content is a change of its own.
      if (current === 'deleted') await audit(entry());
    }
  }

  /** PUT user/role; the same role changes nothing. A demotion ends the member's sessions. */
  async setRole(actor: Actor, userId: number, roleId: RoleId, audit: AuditWrite): Promise<void> {
    const user = await this.#target(actor, userId, { self: false });
    const current = roleIdOf(user);
    if (current === roleId) return;
    const entry: AuditEntry = {
      action: 'user.role_changed',
      target: userTarget(user),
      detail: { from: ROLE_WORDS[current], to: ROLE_WORDS[roleId] },
    };
    await this.#accounts.setRole(user.id, roleId, await this.#logger(actor, user.id, STAFF_ACTIONS.role, audit, entry));
  }

  /** PUT user/password: the member is logged out everywhere and pending links die. */
  async setPassword(actor: Actor, userId: number, password: string, audit: AuditWrite): Promise<void> {
    const user = await this.#target(actor, userId, { self: false });
    const problem = checkPassword(password);
    if (problem) throw ApiFailure.fields([{ field: 'password', ...problem }], problem.reason);
    const entry: AuditEntry = { action: 'user.password_set', target: userTarget(user) };
    const log = await this.#logger(actor, user.id, STAFF_ACTIONS.password, audit, entry);
    await this.#accounts.setPassword(user.id, password, undefined, log);
  }

  /** PUT user/profile: display name, username (sign-up's character set) and address, each unique. */
  async setProfile(actor: Actor, userId: number, body: AdminUserProfileBody, audit: AuditWrite): Promise<void> {
    const user = await this.#target(actor, userId);
    const displayName = body.display_name.trim();
    const username = body.username === undefined ? user.username : body.username.trim();
    const email = body.email.trim();
    const failures: FieldFailure[] = [];
    const nameFailure = displayNameFailure(displayName);
    if (nameFailure) failures.push(nameFailure);
    const usernameReason =
      username === user.username
        ? null
        : (usernameProblem(username) ?? (isReservedUsername(username) ? 'error.username.reserved' : null));
    if (usernameReason) failures.push({ field: 'username', reason: usernameReason, params: { min: 2, max: 30 } });
    if (!isEmail(email)) failures.push({ field: 'email', reason: 'validation.format_email' });
    if (failures.length) throw ApiFailure.fields(failures);
    const keys = { username_key: usernameKey(username), e_mail_key: emailKey(email) };
    const duplicate = async (): Promise<FieldFailure[]> => {
      const [byName, byEmail] = await Promise.all([
        repo.findUserByUsernameKey(this.#db, keys.username_key),
        repo.findUserByEmailKey(this.#db, keys.e_mail_key),
      ]);
      const found: FieldFailure[] = [];
      if (byName && Number(byName.id) !== user.id)
        found.push({ field: 'username', reason: 'error.username.duplicate' });
      if (byEmail && Number(byEmail.id) !== user.id) found.push({ field: 'email', reason: 'error.email.duplicate' });
      return found;
    };
    const taken = await duplicate();
    if (taken.length) throw ApiFailure.fields(taken);
    const fields = [
      ...(displayName === user.display_name ? [] : ['display_name']),
      ...(username === user.username ? [] : ['username']),
      ...(email === user.e_mail ? [] : ['email']),
    ];
    const entry: AuditEntry = { action: 'user.profile_edited', target: userTarget(user), detail: { fields } };
    const log = await this.#logger(actor, user.id, STAFF_ACTIONS.profile, audit, entry);
    try {
      await writeTransaction(this.#db, async (trx) => {
        const now = this.#now();
        await repo.updateProfile(trx, user.id, {
          display_name: displayName,
          username,
          e_mail: email,
          ...keys,
          updated_at: now,
        });
        await log(trx, now);
      });
    } catch (error) {
      // Someone took the name or the address between the check and the update.
      if (isUniqueViolation(error)) throw ApiFailure.fields(await duplicate());
      throw error;
    }
  }
}
