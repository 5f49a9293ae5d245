import type { ActionRecord } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAPTCHA_TEXT, searchSite, type SearchSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// The captcha rules are the same on every database: one is enough.
describe.each(available.slice(0, 1))('search captcha on $label', (target) => {
  let s: SearchSite;
  const clock = { now: Date.UTC(2026, 10, 23, 12, 0, 0) };

  beforeAll(async () => {
    s = await searchSite(target, { captcha: true, now: () => clock.now });
    await s.ask('alice', 'A question about herons', 'Herons stand still in the water.');
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const record = async (as?: 'alice') =>
    (
      await s.call<ActionRecord>({
        method: 'GET',
        url: '/user/action/record',
        query: { action: 'search' },
        as,
      })
    ).body.data;

  it('asks from the 21st search within 60 s (per address when anonymous, per user when logged in)', async () => {
    for (let i = 0; i < 20; i++) {
      clock.now += 1000;
      const res = await s.search('herons');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.count).toBe(1);
    }
    clock.now += 1000;
    const refused = await s.search('herons');
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
    expect(refused.body.data).toEqual([{ error_field: 'captcha_code', error_msg: expect.any(String) }]);

    // A logged-in member counts on their own record.
    expect((await s.search('herons', {}, 'alice')).status).toBe(200);
    expect((await record('alice')).verify).toBe(false);

    const anonymous = await record();
    expect(anonymous.verify).toBe(true);
    const wrong = await s.search('herons', { captcha_id: anonymous.captcha_id, captcha_code: 'nope' });
    expect(wrong.status).toBe(400);
    const next = await record();
    const solved = await s.search('herons', { captcha_id: next.captcha_id, captcha_code: CAPTCHA_TEXT });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    expect(solved.body.data.count).toBe(1);
  });

  it('forgets the count after a pause longer than the 60 s window', async () => {
    clock.now += 61_000;
    expect((await s.search('herons')).status).toBe(200);
    expect((await record()).verify).toBe(false);
  });
});
