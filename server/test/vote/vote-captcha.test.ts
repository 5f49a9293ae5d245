import type { ActionRecord, VoteResp } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAPTCHA_TEXT, NOW, voteSite, type VoteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// The captcha rules are the same on every database: one is enough.
describe.each(available.slice(0, 1))('vote captchas on $label', (target) => {
  let s: VoteSite;
  const clock = { now: NOW };

  beforeAll(async () => {
    s = await voteSite(target, () => clock.now, { captcha: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('asks for a captcha from the 41st vote of the day on, never to take a vote back', async () => {
    const author = await s.member(1);
    const voter = await s.member(50);
    const questions: string[] = [];
    for (let i = 0; i < 41; i++) questions.push(await s.question(author));
    const vote = (objectId: string, extra: Record<string, unknown> = {}) =>
      s.call<VoteResp>(voter, {
        method: 'POST',
        url: '/answer/api/v1/vote/up',
        payload: { object_id: objectId, ...extra },
      });

    for (const q of questions.slice(0, 40)) {
      clock.now += 1000;
      expect((await vote(q)).status).toBe(200);
    }
    const last = questions[40]!;
    const refused = await vote(last);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
    const count = await s.db
      .selectFrom('question')
      .select('vote_count')
      .where('id', '=', last)
      .executeTakeFirstOrThrow();
    expect(count.vote_count).toBe(0);

    // Taking a vote back needs no captcha.
    expect((await vote(questions[0]!, { is_cancel: true })).body.data.vote_status).toBe('');

    const record = (
      await s.call<ActionRecord>(voter, {
        method: 'GET',
        url: '/answer/api/v1/user/action/record',
        query: { action: 'vote' },
      })
    ).body.data;
    expect(record.verify).toBe(true);
    const solved = await vote(last, { captcha_id: record.captcha_id, captcha_code: CAPTCHA_TEXT });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    expect(solved.body.data.votes).toBe(1);
  });
});
