import type { CaptchaAction } from '@agora/shared-api/contract';

export { CAPTCHA_ACTIONS } from '@agora/shared-api/contract';
export type { CaptchaAction } from '@agora/shared-api/contract';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A captcha answer lives this long (docs/wire-contract.md). */
export const CAPTCHA_TTL_MS = 6 * MINUTE;
/** Every write keeps an action record at least this long (docs/wire-contract.md). */
export const RECORD_KEEP_MS = 6 * MINUTE;

/**
 * When an action needs a captcha (the table in docs/wire-contract.md), read against the unit's record
 * of the day `{num, last_time}`:
 * - `always`: every time (`email`);
 * - `minGapMs`: the last occurrence was at most this long ago;
 * - `maxNum`: the action already happened this many times;
 * - `windowMs` ("≥ n within w"): the count only stands while the occurrences follow each other at
 *   most `windowMs` apart; a longer pause starts the count again (as Answer resets it).
 */
export interface CaptchaRule {
  always?: boolean;
  minGapMs?: number;
  maxNum?: number;
  windowMs?: number;
}

export const CAPTCHA_RULES: Readonly<Record<CaptchaAction, CaptchaRule>> = {
  email: { always: true },
  password: { maxNum: 3, windowMs: 30 * MINUTE },
  edit_userinfo: { maxNum: 3, windowMs: 30 * MINUTE },
  question: { minGapMs: 5 * SECOND, maxNum: 10 },
  answer: { minGapMs: 5 * SECOND, maxNum: 10 },
  comment: { minGapMs: 1 * SECOND, maxNum: 30 },
  edit: { maxNum: 10 },
  invitation_answer: { maxNum: 30 },
  search: { maxNum: 20, windowMs: 60 * SECOND },
  report: { minGapMs: 1 * SECOND, maxNum: 30 },
  delete: { minGapMs: 5 * SECOND, maxNum: 5 },
  vote: { maxNum: 40 },
};

/** Actions whose unit is the client address even for a logged-in user (search: only when anonymous). */
export const ADDRESS_ACTIONS: ReadonlySet<CaptchaAction> = new Set(['email', 'password']);

/** How long a write keeps a record counting: 6 minutes, or the rule's window when that is longer. */
export function keepMs(action: CaptchaAction): number {
  return Math.max(RECORD_KEEP_MS, CAPTCHA_RULES[action].windowMs ?? 0);
}

/** An action record as stored: `last_time` and `expires_at` in Unix ms. */
export interface ActionCount {
  num: number;
  last_time: number;
  expires_at: number;
}

/** Whether the next `action` needs a captcha, given the unit's record of the day (or none). */
export function captchaRequired(action: CaptchaAction, record: ActionCount | undefined, now: number): boolean {
  const rule = CAPTCHA_RULES[action];
  if (rule.always) return true;
  if (!record || record.expires_at <= now || record.num <= 0) return false;
  const since = now - record.last_time;
  if (rule.windowMs !== undefined && since > rule.windowMs) return false;
  if (rule.minGapMs !== undefined && since <= rule.minGapMs) return true;
  return rule.maxNum !== undefined && record.num >= rule.maxNum;
}

/** The UTC calendar day of a time: the record's day key, YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
