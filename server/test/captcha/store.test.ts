import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaptchaService } from '../../src/modules/captcha/service';
import { testDatabases } from '../db/databases';
import { migratedDatabase, type MigratedDatabase } from './helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();

const MINUTE = 60_000;
const ANSWER = 'K7WXN';

/** The database side of the captcha on every database: counting and single-use captchas. */
describe.each(available)('captcha records and captchas on $label', (target) => {
  let db: MigratedDatabase;
  let captcha: CaptchaService;
  let clock = Date.UTC(2026, 10, 21, 12);

  beforeAll(async () => {
    db = await migratedDatabase(target);
    captcha = new CaptchaService(db.database.db, { now: () => clock, fixedText: ANSWER });
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  const recordOf = (unit: string, action: string) =>
    db.database.db
      .selectFrom('captcha_action_record')
      .selectAll()
      .where('unit', '=', unit)
      .where('action', '=', action)
      .execute();

  it('keeps {num, last_time} per unit, action and day', async () => {
    await captcha.count('user:1', 'vote');
    clock += 1000;
    await captcha.count('user:1', 'vote');
    await captcha.count('user:2', 'vote');
    expect(await recordOf('user:1', 'vote')).toEqual([
      { unit: 'user:1', action: 'vote', day: '2026-11-21', num: 2, last_time: clock, expires_at: clock + 6 * MINUTE },
    ]);
    expect((await recordOf('user:2', 'vote'))[0]?.num).toBe(1);
  });

  it('loses no occurrence when they arrive at once', async () => {
    clock += 1000;
    await Promise.all(Array.from({ length: 12 }, () => captcha.count('user:3', 'comment')));
    expect((await recordOf('user:3', 'comment'))[0]?.num).toBe(12);
  });

  it('stores a captcha hashed, bound to its action, and lets exactly one of two concurrent answers use it', async () => {
    const { id } = await captcha.create('email', 'ip:192.0.2.1');
    const rows = await db.database.db.selectFrom('captcha').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${ANSWER}|${id}`, 'i'));
    const results = await Promise.all([captcha.consume('email', id, ANSWER), captcha.consume('email', id, ANSWER)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await captcha.consume('email', id, ANSWER)).toBe(false);
  });

  it('refuses an answer for another action, an expired captcha and a wrong answer, using each up', async () => {
    const forPassword = await captcha.create('password', 'ip:192.0.2.1');
    expect(await captcha.consume('email', forPassword.id, ANSWER)).toBe(false);
    expect(await captcha.consume('password', forPassword.id, ANSWER)).toBe(false);

    const old = await captcha.create('email', 'ip:192.0.2.1');
    clock += 6 * MINUTE;
    expect(await captcha.consume('email', old.id, ANSWER)).toBe(false);

    const wrong = await captcha.create('email', 'ip:192.0.2.1');
    expect(await captcha.consume('email', wrong.id, 'K7WXM')).toBe(false);
    expect(await captcha.consume('email', wrong.id, ANSWER)).toBe(false);

    const right = await captcha.create('email', 'ip:192.0.2.1');
    expect(await captcha.consume('email', right.id, ANSWER.toLowerCase())).toBe(true);
  });
});
