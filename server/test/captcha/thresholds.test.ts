import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS, type CaptchaAction } from '../../src/modules/captcha/rules';
import { CaptchaService, unitOf } from '../../src/modules/captcha/service';
import { testDatabases } from '../db/databases';
import { migratedDatabase, type MigratedDatabase } from './helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The captcha table of docs/wire-contract.md, written out again here (not read from the code under test):
 * `gap` = "last one ≤ gap ago", `num` = "≥ num", `window` = "≥ num within window".
 */
const TABLE: Record<Exclude<CaptchaAction, 'email'>, { gap?: number; num: number; window?: number }> = {
  password: { num: 3, window: 30 * MINUTE },
  edit_userinfo: { num: 3, window: 30 * MINUTE },
  question: { gap: 5 * SECOND, num: 10 },
  answer: { gap: 5 * SECOND, num: 10 },
  comment: { gap: 1 * SECOND, num: 30 },
  edit: { num: 10 },
  invitation_answer: { num: 30 },
  search: { num: 20, window: 60 * SECOND },
  report: { gap: 1 * SECOND, num: 30 },
  delete: { gap: 5 * SECOND, num: 5 },
  vote: { num: 40 },
};

describe('captcha thresholds with an injected clock (SQLite)', () => {
  let db: MigratedDatabase;
  let captcha: CaptchaService;
  let clock = Date.UTC(2026, 10, 21, 8);
  let units = 0;
  const freshUnit = () => `user:${(units += 1)}`;

  beforeAll(async () => {
    db = await migratedDatabase(sqlite);
    captcha = new CaptchaService(db.database.db, { now: () => clock });
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  /** `times` occurrences, each `every` ms after the previous one. */
  async function happen(unit: string, action: CaptchaAction, times: number, every: number) {
    for (let i = 0; i < times; i += 1) {
      clock += every;
      await captcha.count(unit, action);
    }
  }
  const needs = (unit: string, action: CaptchaAction) => captcha.required(unit, action);

  it('covers every action key of the table', () => {
    expect([...CAPTCHA_ACTIONS].sort()).toEqual(['email', ...Object.keys(TABLE)].sort());
  });

  it('always asks for `email`, even for a unit never seen', async () => {
    expect(await needs(freshUnit(), 'email')).toBe(true);
  });

  describe.each(Object.entries(TABLE) as Array<[Exclude<CaptchaAction, 'email'>, (typeof TABLE)['vote']]>)(
    '%s',
    (action, rule) => {
      // Slower than the "last one ≤ gap ago" rule, faster than any window.
      const pace = (rule.gap ?? 0) + 1;

      it(`needs no captcha before anything happened, and from the ${rule.num}th occurrence on`, async () => {
        const unit = freshUnit();
        expect(await needs(unit, action)).toBe(false);
        await happen(unit, action, rule.num - 1, pace);
        clock += pace;
        expect(await needs(unit, action)).toBe(false);
        await captcha.count(unit, action);
        clock += pace;
        expect(await needs(unit, action)).toBe(true);
        // Another unit is not concerned.
        expect(await needs(freshUnit(), action)).toBe(false);
      });

      if (rule.gap !== undefined) {
        it(`needs one when the last occurrence was at most ${rule.gap / SECOND} s ago`, async () => {
          const unit = freshUnit();
          await happen(unit, action, 1, 0);
          expect(await needs(unit, action)).toBe(true);
          clock += rule.gap!;
          expect(await needs(unit, action)).toBe(true);
          clock += 1;
          expect(await needs(unit, action)).toBe(false);
        });
      } else {
        it('does not mind how fast the occurrences follow each other below the count', async () => {
          const unit = freshUnit();
          await happen(unit, action, rule.num - 1, 0);
          expect(await needs(unit, action)).toBe(false);
        });
      }

      if (rule.window !== undefined) {
        it(`counts only occurrences that follow each other within ${rule.window / SECOND} s`, async () => {
          const unit = freshUnit();
          await happen(unit, action, rule.num, 1);
          clock += rule.window! - 1;
          expect(await needs(unit, action)).toBe(true);
          clock += 2;
          expect(await needs(unit, action)).toBe(false);
          // After the pause the count starts again from one.
          await happen(unit, action, rule.num - 1, 1);
          expect(await needs(unit, action)).toBe(false);
          await happen(unit, action, 1, 1);
          expect(await needs(unit, action)).toBe(true);
        });
      } else {
        it('forgets the record 6 minutes after its last write', async () => {
          const unit = freshUnit();
          await happen(unit, action, rule.num, pace);
          clock += 6 * MINUTE - 1;
          expect(await needs(unit, action)).toBe(true);
          clock += 1;
          expect(await needs(unit, action)).toBe(false);
          // ... and a new occurrence then counts from one.
          await happen(unit, action, 1, 0);
          clock += pace;
          expect(await needs(unit, action)).toBe(false);
        });
      }
    },
  );

  it('keeps a 30-minute window beyond the 6 minutes a record normally lives', async () => {
    const unit = freshUnit();
    await happen(unit, 'password', 3, 10 * MINUTE);
    clock += 29 * MINUTE;
    expect(await needs(unit, 'password')).toBe(true);
  });

  it('counts per UTC calendar day', async () => {
    const unit = freshUnit();
    clock = Date.UTC(2026, 10, 22, 23, 58);
    await happen(unit, 'edit', 10, 6 * SECOND);
    expect(await needs(unit, 'edit')).toBe(true);
    clock = Date.UTC(2026, 10, 23, 0, 0, 1);
    expect(await needs(unit, 'edit')).toBe(false);
  });

  it('clears a record (after a successful login)', async () => {
    const ip = '203.0.113.9';
    const request = { ip, session: null } as unknown as FastifyRequest;
    await happen(unitOf(request, 'password'), 'password', 3, SECOND);
    expect(await needs(unitOf(request, 'password'), 'password')).toBe(true);
    await captcha.clear(request, 'password');
    expect(await needs(unitOf(request, 'password'), 'password')).toBe(false);
  });

  it('deletes expired captchas and records as it goes', async () => {
    const unit = freshUnit();
    await happen(unit, 'vote', 1, 0);
    await captcha.create('email', 'ip:192.0.2.1');
    clock += 7 * MINUTE;
    await captcha.create('email', 'ip:192.0.2.1');
    clock += 7 * MINUTE; // the next write cleans up (at most once a minute)
    await happen(freshUnit(), 'vote', 1, 0);
    const records = await db.database.db
      .selectFrom('captcha_action_record')
      .select('unit')
      .where('unit', '=', unit)
      .execute();
    expect(records).toEqual([]);
    const left = await db.database.db.selectFrom('captcha').select('expires_at').execute();
    expect(left.every((row) => row.expires_at > clock)).toBe(true);
  });
});

describe('the unit an action counts on', () => {
  const request = (ip: string, userId?: string) =>
    ({ ip, session: userId ? { token: 't', userId, roleId: 1, status: 'normal' } : null }) as unknown as FastifyRequest;

  it('is the client address for email and password, even when logged in', () => {
    expect(unitOf(request('198.51.100.7', '42'), 'email')).toBe('ip:198.51.100.7');
    expect(unitOf(request('198.51.100.7', '42'), 'password')).toBe('ip:198.51.100.7');
  });

  it('is the address for an anonymous search and the user for a logged-in one', () => {
    expect(unitOf(request('198.51.100.7'), 'search')).toBe('ip:198.51.100.7');
    expect(unitOf(request('198.51.100.7', '42'), 'search')).toBe('user:42');
  });

  it('is the user for the other actions', () => {
    for (const action of ['edit_userinfo', 'question', 'answer', 'comment', 'edit', 'vote'] as const)
      expect(unitOf(request('198.51.100.7', '42'), action)).toBe('user:42');
  });

  it('takes IPv6 addresses by /64 (one host cannot reset its count by changing its address)', () => {
    expect(unitOf(request('2001:db8:1:2:aaaa::1'), 'email')).toBe(unitOf(request('2001:db8:1:2:bbbb::9'), 'email'));
    expect(unitOf(request('2001:db8:1:2::1'), 'email')).not.toBe(unitOf(request('2001:db8:1:3::1'), 'email'));
  });
});
