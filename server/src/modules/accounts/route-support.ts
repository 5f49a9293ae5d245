import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { seconds } from '../../lib/time';
import type { SettingsStore } from '../settings/store';
import { checkPassword } from './password-policy';
import type { AccountMail, AccountsService } from './service';

/** What the account routes share: their options, captcha and mailer seams, and their field failures. */

/**
 * 403 for a suspended account whose password was right: `type` as the contract has it, plus when the
 * suspension ends (Unix s; 0 = forever) so the login screen can say "suspended until {time}" .
 */
export function suspendedFailure(user: { suspended_until: number | null }): ApiFailure {
  return new ApiFailure(403, 'error.user.suspended', {
    data: { type: 'suspended', suspended_until: seconds(user.suspended_until) },
  });
}

export type AccountsRoute = 'login' | 'register' | 'email' | 'password' | 'sessions' | 'unsubscribe';

/** The captcha calls (`app.captcha`), as far as the account flows use them. */
export interface AccountsCaptcha {
  verify(
    request: FastifyRequest,
    action: string,
    answer: { captcha_id?: string; captcha_code?: string },
  ): Promise<void>;
  record(request: FastifyRequest, action: string): Promise<void>;
  clear(request: FastifyRequest, action: string): Promise<void>;
  /** Makes the client need a captcha for `action` from now on; false when none can be asked (optional: none). */
  demand?(request: FastifyRequest, action: string): Promise<boolean>;
}

/** The mail outbox (`app.mailer`), as far as the account flows use it. */
export interface AccountsMailer {
  enqueue(mail: AccountMail, trx?: Transaction<DB>): Promise<void>;
}

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  /** Where the login settings are read; default: the app's `settings` decoration, if any. */
  settings?: SettingsStore;
  /** Default: the app's `captcha` decoration; without either, no captcha is asked for. */
  captcha?: AccountsCaptcha;
  /** Default: the app's `mailer` decoration; without either, account mails are dropped (logged). */
  mailer?: AccountsMailer;
  /** Which route groups to register (default all). */
  only?: AccountsRoute[];
}

export const INCORRECT = 'error.object.email_or_password_incorrect';
export const URL_EXPIRED = 'error.email.verify_url_expired';
export const RESET_URL_INVALID = 'error.password.reset_url_invalid';
export const OLD_PASSWORD_WRONG = 'error.object.old_password_verification_failed';

export const noCaptcha: AccountsCaptcha = {
  verify: async () => undefined,
  record: async () => undefined,
  clear: async () => undefined,
};

export function decoration<T>(app: FastifyInstance, name: string): T | undefined {
  return app.hasDecorator(name) ? ((app as unknown as Record<string, T | undefined>)[name] ?? undefined) : undefined;
}

export function settingsOf(app: FastifyInstance, options: AccountsRoutesOptions): SettingsStore | undefined {
  return options.settings ?? decoration<SettingsStore>(app, 'settings');
}

export function fail(field: string, reason: string, params?: FieldFailure['params']): ApiFailure {
  return ApiFailure.fields([{ field, reason, ...(params ? { params } : {}) }], reason);
}

/** 400 on field `field` when a new password breaks the policy (password-policy.ts). */
export function assertPasswordPolicy(password: string, field = 'pass'): void {
  const problem = checkPassword(password);
  if (problem) throw fail(field, problem.reason, problem.params);
}

/** Whether a sign-up or new address is in one of the allowed domains (none listed: any). */
export function domainAllowed(email: string, allowed: readonly string[]): boolean {
  const domains = allowed.map((d) => d.trim().replace(/^@/, '').toLowerCase()).filter(Boolean);
  if (domains.length === 0) return true;
  const domain = email
    .trim()
    .slice(email.trim().lastIndexOf('@') + 1)
    .toLowerCase();
  return domains.includes(domain);
}
