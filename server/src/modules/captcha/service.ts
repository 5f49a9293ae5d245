import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { ActionRecord, CaptchaAnswer } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/dialect';
import { ApiFailure } from '../../lib/api-failure';
import { captchaImage, normalizeAnswer, randomCaptchaText } from './image';
import {
  ADDRESS_ACTIONS,
  CAPTCHA_RULES,
  CAPTCHA_TTL_MS,
  captchaRequired,
  keepMs,
  utcDay,
  type CaptchaAction,
} from './rules';

/** The reason of every captcha failure (missing, wrong, expired, used, issued for another action). */
export const CAPTCHA_FAILED = 'error.object.captcha_verification_failed';

/**
 * What routes call around an action that may need a captcha (docs/wire-contract.md), decorated on the
 * app as `app.captcha`:
 * - `verify` before the action: when the unit needs a captcha for it now, consumes the captcha the
 *   request carries and throws a 400 field error on `captcha_code` unless it was right; else no-op;
 * - `record` after the action happened (for `password`: after a failed login);
 * - `clear` forgets the unit's record of the action (after a successful login);
 * - `actionRecord` answers GET user/action/record;
 * - `demand` makes the unit need a captcha for its next `action` from now on (a login for an account
 *   under attack from many addresses), false when no captcha can be asked (off, or staff).
 */
export interface CaptchaGate {
  demand(request: FastifyRequest, action: CaptchaAction): Promise<boolean>;
  verify(request: FastifyRequest, action: CaptchaAction, answer: CaptchaAnswer | undefined): Promise<void>;
  record(request: FastifyRequest, action: CaptchaAction): Promise<void>;
  clear(request: FastifyRequest, action: CaptchaAction): Promise<void>;
  actionRecord(request: FastifyRequest, action: CaptchaAction): Promise<ActionRecord>;
}

const NO_CAPTCHA: ActionRecord = { captcha_id: '', captcha_img: '', verify: false };

/** A site that is not installed (or with the captcha switched off): no action ever needs a captcha. */
export const noCaptcha: CaptchaGate = {
  verify: async () => undefined,
  record: async () => undefined,
  clear: async () => undefined,
  actionRecord: async () => ({ ...NO_CAPTCHA }),
  demand: async () => false,
};

export interface CaptchaOptions {
  /** Default true; false: no action needs a captcha. */
  enabled?: boolean;
  /** Every captcha shows and expects this text (automated tests only). */
  fixedText?: string | null;
  now?: () => number;
}

/**
 * At most this many unanswered, unexpired captchas per unit: far more than a person reloading the
 * picture needs, and a bound on the rows and the rendering work one client can cause (then 429).
 */
export const MAX_LIVE_CAPTCHAS = 30;

/** Expired rows are deleted at most this often (by whichever call comes first). */
const CLEANUP_EVERY_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const answerHash = (id: string, answer: string) => sha256(`${id}\n${normalizeAnswer(answer)}`);

/** Administrators (2) and moderators (3) never need a captcha. */
function isStaff(request: FastifyRequest): boolean {
  const role = request.session?.roleId;
  return role === 2 || role === 3;
}

/**
 * Whose record an action counts on: the client address for `email` and `password` (and for `search`
 * when anonymous), the user otherwise. Addresses as the rate limits see them: Fastify's trustProxy
 * is off (X-Forwarded-For is ignored), IPv6 by /64.
 */
export function unitOf(request: FastifyRequest, action: CaptchaAction): string {
  const userId = request.session?.userId;
  if (!ADDRESS_ACTIONS.has(action) && userId) return `user:${userId}`;
  return `ip:${normalizeIP(request.ip)}`;
}

/** The built-in image captcha on the site's database. */
export class CaptchaService implements CaptchaGate {
  readonly #db: Kysely<DB>;
  readonly #enabled: boolean;
  readonly #fixedText: string | null;
  readonly #now: () => number;
  #lastCleanup = 0;

  constructor(db: Kysely<DB>, options: CaptchaOptions = {}) {
    this.#db = db;
    this.#enabled = options.enabled ?? true;
    this.#fixedText = options.fixedText || null;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Whether `unit` needs a captcha for its next `action`. */
  async required(unit: string, action: CaptchaAction): Promise<boolean> {
    if (!this.#enabled) return false;
    const now = this.#now();
    if (CAPTCHA_RULES[action].always) return true;
    const record = await this.#db
      .selectFrom('captcha_action_record')
      .select(['num', 'last_time', 'expires_at'])
      .where('unit', '=', unit)
      .where('action', '=', action)
      .where('day', '=', utcDay(now))
      .executeTakeFirst();
    return captchaRequired(action, record, now);
  }

  async actionRecord(request: FastifyRequest, action: CaptchaAction): Promise<ActionRecord> {
    if (!this.#enabled || isStaff(request)) return { ...NO_CAPTCHA };
    if (!(await this.required(unitOf(request, action), action))) return { ...NO_CAPTCHA };
    const { id, image } = await this.create(action, unitOf(request, action));
    return { captcha_id: id, captcha_img: image, verify: true };
  }

  /**
   * A new captcha for `action`, asked for by `unit`: its id and PNG data URL (the answer is only
   * stored hashed). 429 when the unit already holds MAX_LIVE_CAPTCHAS live ones.
   */
  async create(action: CaptchaAction, unit: string): Promise<{ id: string; image: string }> {
    const now = this.#now();
    await this.#cleanup(now);
    const live = await this.#db
      .selectFrom('captcha')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('unit', '=', unit)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(live?.n ?? 0) >= MAX_LIVE_CAPTCHAS) throw new ApiFailure(429, 'base.too_many_requests');
    const id = randomBytes(16).toString('hex');
    const text = this.#fixedText ?? randomCaptchaText();
    const image = await captchaImage(text);
    await this.#db
      .insertInto('captcha')
      .values({
        id_hash: sha256(id),
        answer_hash: answerHash(id, text),
        action,
        unit,
        created_at: now,
        expires_at: now + CAPTCHA_TTL_MS,
      })
      .execute();
    return { id, image };
  }

  /**
   * Uses up the captcha `id` (right or wrong, it cannot be answered again) and tells whether `code`
   * was its answer, it was issued for `action` and it had not expired.
   */
  async consume(action: CaptchaAction, id: string | undefined, code: string | undefined): Promise<boolean> {
    if (!id || !code) return false;
    const idHash = sha256(id);
    const row = await this.#db
      .selectFrom('captcha')
      .select(['answer_hash', 'action', 'expires_at'])
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) return false;
    // Only the request whose delete took the row may use it (two at once: one wins).
    const deleted = await this.#db.deleteFrom('captcha').where('id_hash', '=', idHash).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    const expected = Buffer.from(row.answer_hash, 'hex');
    const given = Buffer.from(answerHash(id, code), 'hex');
    const right = expected.length === given.length && timingSafeEqual(expected, given);
    return right && row.action === action && row.expires_at > this.#now();
  }

  async verify(request: FastifyRequest, action: CaptchaAction, answer: CaptchaAnswer | undefined): Promise<void> {
    if (!this.#enabled || isStaff(request)) return;
    if (!(await this.required(unitOf(request, action), action))) return;
    if (!(await this.consume(action, answer?.captcha_id, answer?.captcha_code))) {
      throw ApiFailure.fields([{ field: 'captcha_code', reason: CAPTCHA_FAILED }], CAPTCHA_FAILED);
    }
  }

  async demand(request: FastifyRequest, action: CaptchaAction): Promise<boolean> {
    if (!this.#enabled || isStaff(request)) return false;
    const unit = unitOf(request, action);
    // Count the action until its rule asks for a captcha (a few rows' worth at most).
    for (let i = 0; i < 50 && !(await this.required(unit, action)); i++) await this.count(unit, action);
    return true;
  }

  async record(request: FastifyRequest, action: CaptchaAction): Promise<void> {
    if (!this.#enabled || isStaff(request)) return;
    await this.count(unitOf(request, action), action);
  }

  /** Counts one occurrence of `action` by `unit` (today's record; a stale record starts again at 1). */
  async count(unit: string, action: CaptchaAction): Promise<void> {
    const now = this.#now();
    await this.#cleanup(now);
    const day = utcDay(now);
    const window = CAPTCHA_RULES[action].windowMs;
    // The count goes on while the record is live (and, with a window, the last one is within it).
    const live =
      window === undefined
        ? sql<boolean>`expires_at > ${now}`
        : sql<boolean>`expires_at > ${now} and last_time >= ${now - window}`;
    const update = () =>
      this.#db
        .updateTable('captcha_action_record')
        // `num` first: MySQL evaluates SET left to right, so it must read the old last_time/expires_at.
        .set({
          num: sql<number>`case when ${live} then num + 1 else 1 end`,
          last_time: now,
          expires_at: now + keepMs(action),
        })
        .where('unit', '=', unit)
        .where('action', '=', action)
        .where('day', '=', day)
        .executeTakeFirst();
    const updated = await update();
    if (Number(updated.numUpdatedRows) > 0) return;
    try {
      await this.#db
        .insertInto('captcha_action_record')
        .values({ unit, action, day, num: 1, last_time: now, expires_at: now + keepMs(action) })
        .execute();
    } catch (error) {
      // Inserted meanwhile by a concurrent request (or MySQL reported an unchanged row): count on it.
      if (!isUniqueViolation(error)) throw error;
      await update();
    }
  }

  async clear(request: FastifyRequest, action: CaptchaAction): Promise<void> {
    if (!this.#enabled) return;
    await this.#db
      .deleteFrom('captcha_action_record')
      .where('unit', '=', unitOf(request, action))
      .where('action', '=', action)
      .execute();
  }

  /** Deletes expired captchas and records, at most once a minute. */
  async #cleanup(now: number): Promise<void> {
    if (now - this.#lastCleanup < CLEANUP_EVERY_MS && now >= this.#lastCleanup) return;
    this.#lastCleanup = now;
    await this.#db.deleteFrom('captcha').where('expires_at', '<=', now).execute();
    await this.#db.deleteFrom('captcha_action_record').where('expires_at', '<=', now).execute();
  }
}
