import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminSite, type AdminSite, type TestAccount } from '../admin-users/helpers';
import { testDatabases } from '../db/databases';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Visit streaks: a login on a new UTC day the day after the last one counted grows the streak; a gap
 * starts it again. Long streaks are seeded, the last day is a real login.
 */
describe.each(available)('visit streak badges on $label', (target) => {
  let s: AdminSite;
  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const user = (id: number) =>
    s.db
      .selectFrom('user')
      .select(['visit_streak', 'visit_days', 'last_visit_day'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const awards = async (id: number, key: string) =>
    s.db
      .selectFrom('badge_award')
      .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
      .select('badge_award.id')
      .where('badge_award.user_id', '=', id)
      .where('badge.name', '=', `badge.${key}.name`)
      .execute();
  const seed = (id: number, streak: number, last: string) =>
    s.db.updateTable('user').set({ visit_streak: streak, last_visit_day: last }).where('id', '=', id).execute();
  const login = async (m: TestAccount) => expect((await s.login(m.email, m.password)).token).toBeTruthy();

  it('the first login starts a streak of one day', async () => {
    const m = await s.member('Streaky One');
    expect(await user(m.id)).toMatchObject({ visit_streak: 1, visit_days: 1, last_visit_day: day(0) });
  });

  it('the 30th day in a row earns "visit_streak_30"; the 29th does not', async () => {
    const m = await s.member('Streaky Two');
    await seed(m.id, 28, day(-1));
    await login(m);
    expect((await user(m.id)).visit_streak).toBe(29);
    expect(await awards(m.id, 'visit_streak_30')).toEqual([]);

    await seed(m.id, 29, day(-1));
    await login(m);
    expect((await user(m.id)).visit_streak).toBe(30);
    expect(await awards(m.id, 'visit_streak_30')).toHaveLength(1);
    expect(await awards(m.id, 'visit_streak_100')).toEqual([]);
    // A second login the same day counts nothing.
    await login(m);
    expect((await user(m.id)).visit_streak).toBe(30);
    expect(await awards(m.id, 'visit_streak_30')).toHaveLength(1);
  });

  it('a missed day starts the streak again', async () => {
    const m = await s.member('Streaky Three');
    await seed(m.id, 99, day(-2));
    await login(m);
    expect((await user(m.id)).visit_streak).toBe(1);
    expect(await awards(m.id, 'visit_streak_30')).toEqual([]);
  });

  it('the 100th day in a row earns "visit_streak_100"', async () => {
    const m = await s.member('Streaky Four');
    await seed(m.id, 99, day(-1));
    await login(m);
    expect(await awards(m.id, 'visit_streak_100')).toHaveLength(1);
    expect(await awards(m.id, 'visit_streak_30')).toHaveLength(1);
  });
});
