import type { AdminReportPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CLOSE, FLAG, reviewSite, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('admin reports/page on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const page = (query: string, lang?: string) =>
    s.call<AdminReportPage>({
      method: 'GET',
      url: `/reports/page?${query}`,
      admin: true,
      as: 'admin',
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });
  const byId = async (query: string) => new Map((await page(query)).body.data.list.map((item) => [item.flag_id, item]));

  it('pending and settled flags, newest first, with the object in context and how each was settled', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const ignoredQ = await s.ask('alice');
    const closedQ = await s.ask('alice');
    const deletedQ = await s.ask('alice');

    const onAnswer = await s.flag(a, 'carol', FLAG.notAnAnswer);
    const ignored = await s.flag(ignoredQ, 'bob');
    const closed = await s.flag(closedQ, 'bob', FLAG.rude);
    const closedToo = await s.flag(closedQ, 'carol');
    const gone = await s.flag(deletedQ, 'bob');

    expect((await s.review({ flag_id: ignored, operation_type: 'ignore_report' })).status).toBe(200);
    const close = { flag_id: closed, operation_type: 'close_post', close_type: CLOSE.communitySpecific };
    expect((await s.review(close)).status).toBe(200);
    // Deleted without a review: its flag settles itself as `resolved`.
    const remove = { question_id: deletedQ, status: 'deleted' };
    expect(
      (await s.call({ method: 'PUT', url: '/question/status', payload: remove, admin: true, as: 'admin' })).status,
    ).toBe(200);

    const pending = (await page('page=1&status=pending')).body.data;
    expect(pending.list.map((f) => f.flag_id)).toEqual([onAnswer]);
    expect(pending.count).toBe(1);
    expect(pending.list[0]).toMatchObject({
      status: 'pending',
      action: '',
      handled_at: 0,
      object_type: 'answer',
      object_id: a,
      question_id: q,
      answer_id: a,
      submitter_user: { username: 'carol' },
      author_user_info: { username: 'bob' },
      reason: { reason_type: FLAG.notAnAnswer },
    });

    const settled = await byId('page=1&status=completed&page_size=100');
    expect(settled.get(ignored)).toMatchObject({ status: 'completed', action: 'ignore_report' });
    expect(settled.get(closed)).toMatchObject({ status: 'completed', action: 'close_post', object_status: 2 });
    expect(settled.get(closedToo)).toMatchObject({ status: 'completed', action: 'close_post' });
    expect(settled.get(gone)).toMatchObject({ status: 'completed', action: 'resolved', object_id: deletedQ });
    expect(settled.has(onAnswer)).toBe(false);
    const row = await s.db.selectFrom('report').select('updated_at').where('id', '=', closed).executeTakeFirstOrThrow();
    expect(settled.get(closed)!.handled_at).toBe(Math.floor(Number(row.updated_at) / 1000));
    expect(settled.get(closed)!.handled_at).toBeGreaterThan(0);

    const all = (await page('page=1&page_size=100')).body.data;
    expect(all.count).toBe(5);
    expect(all.list.map((f) => f.flag_id)).toEqual([gone, closedToo, closed, ignored, onAnswer]);
    const second = (await page('page=2&page_size=2')).body.data;
    expect(second.list.map((f) => f.flag_id)).toEqual([closed, ignored]);
  });

  it('the reason is shown in the request’s language', async () => {
    const zh = (await page('page=1&status=pending', 'zh-CN')).body.data.list[0]!;
    const en = (await page('page=1&status=pending', 'en-US')).body.data.list[0]!;
    expect(zh.reason.reason_key).toBe(en.reason.reason_key);
    expect(zh.reason.name).not.toBe(en.reason.name);
  });

  it('bad paging or status is 400; the flags are untouched', async () => {
    for (const bad of ['page=0', 'page=10001', 'status=ignored', 'page=x']) {
      const res = await page(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    expect((await page('page=1&status=pending')).body.data.count).toBe(1);
  });
});
