import type { AnswerWithQuestion, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { MEMBERS, reportSite, uniqueText, type Member, type ReportSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Flag reason config ids a fresh install seeds (Answer's ids). */
const SPAM = 57;
const SOMETHING = 59;
const DUPLICATE = 60;
const NOT_AN_ANSWER = 61;
const NO_LONGER_NEEDED = 62;
/** A close reason that is no flag reason. */
const NOT_CLARITY = 64;

describe.each(available)('POST report on $label', (target) => {
  let s: ReportSite;

  beforeAll(async () => {
    s = await reportSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Member = 'alice'): Promise<string> {
    const res = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: {
        title: uniqueText('question title').slice(0, 60),
        content: uniqueText('question'),
        tags: [{ slug_name: 'support' }],
      },
      as,
    });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  async function answered(questionId: string, as: Member = 'bob'): Promise<string> {
    const res = await s.call<AnswerWithQuestion>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: questionId, content: uniqueText('answer') },
      as,
    });
    expect(res.status).toBe(200);
    return res.body.data.info.id;
  }
  async function commented(objectId: string, as: Member = 'bob'): Promise<string> {
    const res = await s.call<{ comment_id: string }>({
      method: 'POST',
      url: '/comment',
      payload: { object_id: objectId, original_text: uniqueText('comment').slice(0, 80) },
      as,
    });
    expect(res.status).toBe(200);
    return res.body.data.comment_id;
  }
  const report = (payload: Record<string, unknown>, as?: Member) =>
    s.call<null>({ method: 'POST', url: '/report', payload, as });
  const rows = (objectId: string) =>
    s.db.selectFrom('report').selectAll().where('object_id', '=', objectId).orderBy('created_at').execute();

  it('stores a pending flag with the reporter, the object, its type and author, the reason and its text', async () => {
    const q = await asked('alice');
    const a = await answered(q, 'bob');
    const c = await commented(a, 'alice');

    const flagQ = await report({ object_id: q, report_type: SOMETHING, content: '  Offensive title.  ' }, 'carol');
    expect(flagQ.status).toBe(200);
    expect(flagQ.body).toMatchObject({ code: 200, data: null });
    expect(await rows(q)).toEqual([
      expect.objectContaining({
        user_id: MEMBERS.carol.id,
        object_id: q,
        reported_user_id: MEMBERS.alice.id,
        object_type: 1,
        report_type: SOMETHING,
        content: 'Offensive title.',
        status: 1,
      }),
    ]);
    const [stored] = await rows(q);
    expect(String(stored!.id)).toMatch(/^10080000\d{9}$/);

    expect((await report({ object_id: a, report_type: NOT_AN_ANSWER, source: 'answer' }, 'carol')).status).toBe(200);
    expect(await rows(a)).toEqual([
      expect.objectContaining({
        reported_user_id: MEMBERS.bob.id,
        object_type: 2,
        report_type: NOT_AN_ANSWER,
        content: '',
      }),
    ]);
    expect((await report({ object_id: c, report_type: NO_LONGER_NEEDED }, 'bob')).status).toBe(200);
    expect(await rows(c)).toEqual([
      expect.objectContaining({ user_id: MEMBERS.bob.id, reported_user_id: MEMBERS.alice.id, object_type: 7 }),
    ]);
  });

  it('a duplicate flag needs the link of the original question', async () => {
    const original = await asked('bob');
    const q = await asked('alice');
    const empty = await report({ object_id: q, report_type: DUPLICATE, content: '  ' }, 'carol');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      reason: 'base.request_format_error',
      msg: 'Cannot be empty.',
      data: [{ error_field: 'content', error_msg: 'Cannot be empty.' }],
    });
    const missing = await report({ object_id: q, report_type: DUPLICATE }, 'carol');
    expect(missing.body.data).toEqual([{ error_field: 'content', error_msg: 'Cannot be empty.' }]);
    const notUrl = await report({ object_id: q, report_type: DUPLICATE, content: 'the other one' }, 'carol');
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.data).toEqual([
      { error_field: 'content', error_msg: 'Enter the link of the original question.' },
    ]);
    expect(await rows(q)).toEqual([]);
    const link = `https://example.com/questions/${original}`;
    expect((await report({ object_id: q, report_type: DUPLICATE, content: link }, 'carol')).status).toBe(200);
    expect(await rows(q)).toEqual([expect.objectContaining({ report_type: DUPLICATE, content: link })]);
  });

  it('"something else" needs its text; zh_CN gets the message in Chinese', async () => {
    const q = await asked();
    const res = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: q, report_type: SOMETHING },
      headers: { 'accept-language': 'zh-CN' },
      as: 'carol',
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ error_field: 'content', error_msg: '不能为空。' }]);
    const long = await report({ object_id: q, report_type: SOMETHING, content: 'x'.repeat(501) }, 'carol');
    expect(long.status).toBe(400);
    expect(await rows(q)).toEqual([]);
  });

  it("refuses a reason that is not one of the object type's flag reasons", async () => {
    const q = await asked();
    const a = await answered(q);
    for (const [objectId, reasonId] of [
      [q, NOT_AN_ANSWER],
      [q, NOT_CLARITY],
      [q, 9999],
      [a, DUPLICATE],
    ] as const) {
      const res = await report(
        { object_id: objectId, report_type: reasonId, content: 'https://example.com/x' },
        'carol',
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        msg: 'Choose one of the reasons offered.',
        data: [{ error_field: 'report_type', error_msg: 'Choose one of the reasons offered.' }],
      });
    }
    expect([...(await rows(q)), ...(await rows(a))]).toEqual([]);
  });

  it('the same member cannot flag the same object twice while the flag is pending; others can', async () => {
    const q = await asked();
    expect((await report({ object_id: q, report_type: SPAM }, 'carol')).status).toBe(200);
    const again = await report({ object_id: q, report_type: SOMETHING, content: 'Still spam.' }, 'carol');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      reason: 'error.report.already_reported',
      msg: 'You have already flagged this. A moderator will look at it soon.',
    });
    expect((await report({ object_id: q, report_type: SPAM }, 'bob')).status).toBe(200);
    expect((await rows(q)).map((r) => r.user_id)).toEqual([MEMBERS.carol.id, MEMBERS.bob.id]);

    // Once the flag is settled, the member may flag the object again.
    await s.db
      .updateTable('report')
      .set({ status: 2 })
      .where('object_id', '=', q)
      .where('user_id', '=', MEMBERS.carol.id)
      .execute();
    expect((await report({ object_id: q, report_type: SPAM }, 'carol')).status).toBe(200);
    expect(await rows(q)).toHaveLength(3);
  });

  it('two simultaneous flags of one member store one row', async () => {
    const q = await asked();
    const results = await Promise.all([
      report({ object_id: q, report_type: SPAM }, 'mod'),
      report({ object_id: q, report_type: SPAM }, 'mod'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await rows(q)).toHaveLength(1);
  });

  it('members may flag their own posts (as Answer allows)', async () => {
    const q = await asked('alice');
    expect((await report({ object_id: q, report_type: SPAM }, 'alice')).status).toBe(200);
    expect(await rows(q)).toEqual([
      expect.objectContaining({ user_id: MEMBERS.alice.id, reported_user_id: MEMBERS.alice.id }),
    ]);
  });

  it("unknown, deleted and unlisted objects are 404 with the object's own message", async () => {
    const q = await asked('alice');
    const a = await answered(q, 'bob');
    const c = await commented(q, 'bob');
    const missing = await report({ object_id: '10010000000999999', report_type: SPAM }, 'carol');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ reason: 'error.question.not_found', msg: 'Question not found.' });
    expect((await report({ object_id: '10020000000999999', report_type: SPAM }, 'carol')).body).toMatchObject({
      reason: 'error.answer.not_found',
      msg: 'Answer not found.',
    });
    expect((await report({ object_id: '10070000000999999', report_type: SPAM }, 'carol')).body).toMatchObject({
      reason: 'error.comment.not_found',
      msg: 'Comment not found.',
    });
    const tag = await report({ object_id: '10030000000000001', report_type: SPAM }, 'carol');
    expect(tag.status).toBe(404);
    expect(tag.body).toMatchObject({
      reason: 'error.report.object_not_reportable',
      msg: 'Only questions, answers and comments can be flagged.',
    });

    expect((await s.call({ method: 'DELETE', url: '/comment', payload: { comment_id: c }, as: 'bob' })).status).toBe(
      200,
    );
    expect((await report({ object_id: c, report_type: SPAM }, 'carol')).status).toBe(404);
    expect((await s.call({ method: 'DELETE', url: '/answer', payload: { id: a }, as: 'bob' })).status).toBe(200);
    expect((await report({ object_id: a, report_type: SPAM }, 'carol')).body.reason).toBe('error.answer.not_found');

    const hidden = await asked('alice');
    expect(
      (
        await s.call({
          method: 'PUT',
          url: '/question/operation',
          payload: { id: hidden, operation: 'hide' },
          as: 'mod',
        })
      ).status,
    ).toBe(200);
    expect((await report({ object_id: hidden, report_type: SPAM }, 'carol')).status).toBe(404);
    expect((await report({ object_id: hidden, report_type: SPAM }, 'alice')).status).toBe(200);

    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', q).execute();
    expect((await report({ object_id: q, report_type: SPAM }, 'carol')).status).toBe(404);
    expect([...(await rows(q)), ...(await rows(a)), ...(await rows(c))]).toEqual([]);
  });

  it('needs an active login and report.add: visitors 401, members below 1 reputation 403', async () => {
    const q = await asked();
    const visitor = await report({ object_id: q, report_type: SPAM });
    expect(visitor.status).toBe(401);
    const poor = await report({ object_id: q, report_type: SPAM }, 'nobody');
    expect(poor.status).toBe(403);
    expect(poor.body).toMatchObject({
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 1 reputation to do this.',
    });
    // The admin raises the threshold: now 1 is not enough, staff still may.
    await s.db.updateTable('config').set({ value: '5' }).where('key', '=', 'rank.report.add').execute();
    try {
      expect((await report({ object_id: q, report_type: SPAM }, 'bob')).status).toBe(403);
      expect((await report({ object_id: q, report_type: SPAM }, 'admin')).status).toBe(200);
    } finally {
      await s.db.updateTable('config').set({ value: '1' }).where('key', '=', 'rank.report.add').execute();
    }
    expect((await rows(q)).map((r) => r.user_id)).toEqual([MEMBERS.admin.id]);
  });

  it('accepts short ids and stores the long one', async () => {
    const q = await asked();
    const { toShortId } = await import('@agora/shared-api/short-id');
    expect((await report({ object_id: toShortId(q), report_type: SPAM }, 'carol')).status).toBe(200);
    expect(await rows(q)).toHaveLength(1);
  });
});
