import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import {
  CREDENTIAL_KINDS,
  consumeEmailToken,
  createUnsubscribeCode,
  findLiveEmailToken,
  issueEmailToken,
  revokeEmailTokens,
} from './email-tokens';
import { emailSwitches } from '../profile/mapping';
import { NOTIFICATION_SOURCES } from '../profile/table';
import { applyReputation } from '../reputation';
import { emailKey, usernameKey } from './normalize';
import { hashPassword, verifyPassword } from './password';
import * as repo from './repository';
import { AccountSessionService } from './sessions';
import { answerRow, isSignupAttempt } from './signup-attempt';
import { MAIL_STATUS, USER_STATUS, type UserRow } from './table';
import { newToken } from './tokens';
import { AccountError, accountLink, type ClientInfo, type MailContext, type SessionOutcome } from './types';
import { writeTransaction } from '../../db/transaction';

export * from './types';
export { AccountSessionService } from './sessions';
export { isSignupAttempt } from './signup-attempt';

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

/**
 * The reputation of an address confirmed for the first time (`user.activated`, +1 by default): a new
 * account starts at 0 and needs 1 to ask or answer. Given once, when the account becomes activated.
 */
function rewardActivation(trx: Transaction<DB>, userId: number, now: number) {
  return applyReputation(trx, { userId, key: 'user.activated', objectId: String(userId), now });
}

/**
 * Accounts with their e-mailed flows: sign-up, activation, e-mail change, password reset and change,
 * unsubscribe. Each flow queues its mails in its own transaction, so a change that rolls back sends none.
 */
export class AccountsService extends AccountSessionService {
  /**
   * Sign-up by e-mail: creates the account, its default notification settings
   * (inbox by e-mail) and a session, and queues the activation mail, all in one transaction. The
   * password is hashed before the address is looked up, so a taken address costs the same time.
   *
   * With e-mail verification on, a taken address answers like a free one (sign-up does not tell who
   * is a member) but creates nothing: see `answerTakenAddress`.
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
      return await writeTransaction(this.db, async (trx) => {
        const owner = options.requireVerification ? await repo.findUserByEmailKey(trx, keys.e_mail_key) : undefined;
        if (owner) return this.answerTakenAddress(trx, owner, { ...input, passwordHash }, keys.username_key, mail);
        const created = await this.createUser(
          {
            username: input.username,
            displayName: input.displayName,
            email: input.email,
            password: null,
            passwordHash,
            mailStatus: options.requireVerification ? MAIL_STATUS.toBeVerified : MAIL_STATUS.verified,
          },
          trx,
        );
        const now = this.now();
        await repo.insertNotificationConfig(trx, {
          id: await nextId(trx, 'user_notification_config'),
          user_id: created.id,
          source: 'inbox',
          channels: JSON.stringify([{ key: 'email', enable: true }]),
          enabled: 1,
          created_at: now,
          updated_at: now,
        });
        if (!options.requireVerification) await rewardActivation(trx, created.id, now);
        const { token, expiresAt } = await this.mintSession(trx, created.id, client);
        if (options.requireVerification) {
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
      if (isUniqueViolation(error)) await this.assertFree(this.db, keys);
      throw error;
    }
  }

  /**
   * A sign-up naming an address that already has an account: the answer a free address would get
   * (the same username checks, an inactive account, a token), but no row, session or link is stored;
   * the token opens nothing. The only writes are the owner's `signup_attempt` mail and the user id
   * counter (so the answer's id follows the ids real sign-ups get).
   */
  private async answerTakenAddress(
    trx: Transaction<DB>,
    owner: UserRow,
    input: { username: string; displayName: string; email: string; passwordHash: string },
    usernameKeyOf: string,
    mail: MailContext,
  ): Promise<SessionOutcome> {
    if (await repo.findUserByUsernameKey(trx, usernameKeyOf)) {
      throw new AccountError('username_taken', 'This username is already in use');
    }
    const now = this.now();
    const user = answerRow({ ...input, id: await nextId(trx, 'user'), usernameKey: usernameKeyOf, now });
    await mail.outbox({ to: owner.e_mail, template: 'signup_attempt', params: { username: owner.username } }, trx);
    return { kind: 'ok', user, token: newToken(), expiresAt: this.sessionExpiry(now), stored: false };
  }

  /**
   * POST user/email/verification: uses an activation code up, marks the address verified and logs
   * the user in. `invalid` for an unknown, used, superseded or expired code, or a deleted account.
   */
  async verifyEmail(code: string, client: ClientInfo): Promise<SessionOutcome> {
    return writeTransaction(this.db, async (trx): Promise<SessionOutcome> => {
      const now = this.now();
      const token = await consumeEmailToken(trx, code, 'activation', now);
      const user = token ? await repo.findUserById(trx, token.user_id) : undefined;
      if (!user || user.status === USER_STATUS.deleted) return { kind: 'invalid' };
      await repo.updateUser(trx, user.id, { mail_status: MAIL_STATUS.verified, updated_at: now });
      if (user.mail_status !== MAIL_STATUS.verified) await rewardActivation(trx, user.id, now);
      if (user.status === USER_STATUS.suspended) return { kind: 'suspended', user };
      const minted = await this.mintSession(trx, user.id, client);
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
    // An attempt account stored by older versions (one the clean-up migration kept): its address is
    // someone else's, it never gets a link.
    if (isSignupAttempt(user)) return;
    await writeTransaction(this.db, async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'activation', this.now());
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
    await writeTransaction(this.db, async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'email_change', this.now(), { newEmail });
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
      return await writeTransaction(this.db, async (trx): Promise<SessionOutcome> => {
        const now = this.now();
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
        if (user.mail_status !== MAIL_STATUS.verified) await rewardActivation(trx, user.id, now);
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
        const minted = await this.mintSession(trx, user.id, client);
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
   * that is not deleted; says nothing either way (nobody learns from it whether an address has an account).
   */
  async requestPasswordReset(email: string, mail: MailContext): Promise<void> {
    const user = await this.findUserByEmail(email);
    if (!user || user.status === USER_STATUS.deleted) return;
    await writeTransaction(this.db, async (trx) => {
      const { code } = await issueEmailToken(trx, user.id, 'password_reset', this.now());
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
    return writeTransaction(this.db, async (trx) => {
      const now = this.now();
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
    return createUnsubscribeCode(this.db, userId, this.now());
  }

  /**
   * PUT user/notification/unsubscribe: turns the e-mail channel off for the notification source the
   * code names, or (a code without one) for every source of the user behind the code (an inbox row with
   * e-mail off when there was none). The mails that stop: the code's kind, or (no kind) every kind that
   * was on; null for a bad code.
   */
  async unsubscribe(code: string): Promise<string[] | null> {
    const now = this.now();
    const token = await findLiveEmailToken(this.db, code, 'unsubscribe', now);
    if (!token) return null;
    const only = token.scope;
    return writeTransaction(this.db, async (trx) => {
      const all = await repo.listNotificationConfigs(trx, token.user_id);
      const on = emailSwitches(all);
      const rows = all.filter((r) => !only || r.source === only);
      for (const row of rows) {
        const patch = { channels: emailChannelOff(row.channels), enabled: 0, updated_at: now };
        await repo.updateNotificationConfig(trx, row.id, patch);
      }
      const missing = only ?? 'inbox';
      if (!rows.some((row) => row.source === missing)) {
        await repo.insertNotificationConfig(trx, {
          id: await nextId(trx, 'user_notification_config'),
          user_id: token.user_id,
          source: missing,
          channels: JSON.stringify([{ key: 'email', enable: false }]),
          enabled: 0,
          created_at: now,
          updated_at: now,
        });
      }
      if (only) return [only];
      // Without a kind: each source that had e-mail on now has a row with it off.
      const off = new Set([...rows.map((r) => r.source), missing]);
      return NOTIFICATION_SOURCES.filter((source) => on[source] && off.has(source));
    });
  }
}
