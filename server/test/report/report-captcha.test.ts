import type { AnswerWithQuestion, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { MEMBERS, reportSite, uniqueText, type ReportSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SPAM = 57;

describe.each(available)('POST report asks for the captcha of action report on $label', (target) => {
  let s: ReportSite;

  beforeAll(async () => {
    s = await reportSite(target, { captcha: true });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('a flag right after another needs the captcha; solved, it is stored', async () => {
    const question = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: {
        title: uniqueText('question').slice(0, 60),
        content: uniqueText('body'),
        tags: [{ slug_name: 'support' }],
      },
      as: 'alice',
    });
    expect(question.status).toBe(200);
    const q = question.body.data.id;
    const answer = await s.call<AnswerWithQuestion>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: q, content: uniqueText('answer') },
      as: 'bob',
    });
    expect(answer.status).toBe(200);
    const a = answer.body.data.info.id;
    const count = async () =>
      Number(
        (
          await s.db
            .selectFrom('report')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', MEMBERS.carol.id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    expect(
      (await s.call({ method: 'POST', url: '/report', payload: { object_id: q, report_type: SPAM }, as: 'carol' }))
        .status,
    ).toBe(200);
    const refused = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: a, report_type: SPAM },
      as: 'carol',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ reason: 'error.object.captcha_verification_failed' });
    expect(refused.body.data).toEqual([expect.objectContaining({ error_field: 'captcha_code' })]);
    expect(await count()).toBe(1);

    const record = await s.call<{ verify: boolean; captcha_id: string }>({
      method: 'GET',
      url: '/user/action/record?action=report',
      as: 'carol',
    });
    expect(record.body.data.verify).toBe(true);
    const wrong = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: a, report_type: SPAM, captcha_id: record.body.data.captcha_id, captcha_code: 'nope' },
      as: 'carol',
    });
    expect(wrong.status).toBe(400);
    const fresh = await s.call<{ verify: boolean; captcha_id: string }>({
      method: 'GET',
      url: '/user/action/record?action=report',
      as: 'carol',
    });
    const solved = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: a, report_type: SPAM, captcha_id: fresh.body.data.captcha_id, captcha_code: 'abcd' },
      as: 'carol',
    });
    expect(solved.status).toBe(200);
    expect(await count()).toBe(2);
  });
});
