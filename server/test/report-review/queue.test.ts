import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { FLAG, PEOPLE, reviewSite, type ReviewSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('GET report/unreviewed/post on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });
  // Each test reads the queue from empty.
  beforeEach(async () => {
    await s.db.updateTable('report').set({ status: 3 }).where('status', '=', 1).execute();
  });

  it('serves one pending flag a page, oldest first, with the object in its question', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const c = await s.comment(a, 'alice');
    const first = await s.flag(q, 'bob', FLAG.something, 'The title insults people.');
    const second = await s.flag(a, 'carol', FLAG.spam);
    const third = await s.flag(c, 'carol', FLAG.rude);

    const one = await s.page('mod', 1);
    expect(one.status).toBe(200);
    expect(one.body.data.count).toBe(3);
    expect(one.body.data.list).toHaveLength(1);
    const item = one.body.data.list[0]!;
    const title = (await s.db.selectFrom('question').select('title').where('id', '=', q).executeTakeFirstOrThrow())
      .title;
    expect(item).toMatchObject({
      flag_id: first,
      object_id: q,
      question_id: q,
      answer_id: '',
      comment_id: '',
      object_type: 'question',
      title,
      answer_count: 1,
      answer_accepted: false,
      tags: [expect.objectContaining({ slug_name: 'support' })],
      object_status: 1,
      object_show_status: 1,
      author_user_info: { id: String(PEOPLE.alice.id), username: 'alice' },
      submitter_user: { id: String(PEOPLE.bob.id), username: 'bob' },
      reason: { reason_type: FLAG.something, reason_key: 'reason.something' },
      reason_content: 'The title insults people.',
    });
    expect(item.original_text).toContain('question number');
    expect(item.parsed_text).toContain('<p>');
    expect(item.submit_at).toBeGreaterThan(0);
    expect(item.created_at).toBeGreaterThan(0);

    const two = (await s.page('mod', 2)).body.data;
    expect(two.count).toBe(3);
    expect(two.list[0]).toMatchObject({
      flag_id: second,
      object_type: 'answer',
      object_id: a,
      question_id: q,
      answer_id: a,
      title,
      author_user_info: { username: 'bob' },
      submitter_user: { username: 'carol' },
      reason: { reason_type: FLAG.spam },
      reason_content: '',
    });
    const three = (await s.page('admin', 3)).body.data;
    expect(three.list[0]).toMatchObject({
      flag_id: third,
      object_type: 'comment',
      object_id: c,
      question_id: q,
      answer_id: a,
      comment_id: c,
      author_user_info: { username: 'alice' },
    });
    expect(await s.page('mod', 4)).toMatchObject({ status: 200, body: { data: { count: 3, list: [] } } });
  });

  it('a review leaves the queue with every other pending flag on its object', async () => {
    const q = await s.ask('alice');
    const other = await s.ask('alice');
    const first = await s.flag(q, 'bob');
    await s.flag(q, 'carol');
    const left = await s.flag(other, 'bob');
    expect((await s.page('mod')).body.data.count).toBe(3);
    expect((await s.review({ flag_id: first, operation_type: 'ignore_report' })).status).toBe(200);
    const after = (await s.page('mod')).body.data;
    expect(after.count).toBe(1);
    expect(after.list[0]!.flag_id).toBe(left);
  });

  it('translates the reason per Accept-Language', async () => {
    const q = await s.ask('alice');
    await s.flag(q, 'bob', FLAG.spam);
    const en = (await s.page('mod', 1, 'en_US')).body.data.list[0]!.reason;
    const zh = (await s.page('mod', 1, 'zh-CN')).body.data.list[0]!.reason;
    expect(en.reason_type).toBe(FLAG.spam);
    expect(zh.reason_type).toBe(FLAG.spam);
    expect(en.name).not.toBe('');
    expect(zh.name).not.toBe(en.name);
    expect(zh.name).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a flag whose object is gone resolves itself: completed, left out of the count and the pages', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const c = await s.comment(a, 'carol');
    const other = await s.ask('alice');
    const onAnswer = await s.flag(a, 'carol');
    const onComment = await s.flag(c, 'alice');
    const onOther = await s.flag(other, 'bob');
    expect((await s.page('mod')).body.data.count).toBe(3);

    // The answer's author deletes it: the flags on it and on its comment are settled.
    expect((await s.call({ method: 'DELETE', url: '/answer', payload: { id: a }, as: 'bob' })).status).toBe(200);
    const after = (await s.page('mod')).body.data;
    expect(after.count).toBe(1);
    expect(after.list[0]!.flag_id).toBe(onOther);
    expect(await s.flagStatus(onAnswer)).toBe(2);
    expect(await s.flagStatus(onComment)).toBe(2);
    expect((await s.page('mod', 2)).body.data).toEqual({ count: 1, list: [] });

    // Its question deleted by its author (no answers left): the flag on it too.
    expect((await s.call({ method: 'DELETE', url: '/question', payload: { id: other }, as: 'alice' })).status).toBe(
      200,
    );
    expect((await s.page('mod')).body.data).toEqual({ count: 0, list: [] });
    expect(await s.flagStatus(onOther)).toBe(2);
  });

  it('a review of a flag whose object is gone is already reviewed (the flag completed)', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    expect((await s.call({ method: 'DELETE', url: '/question', payload: { id: q }, as: 'alice' })).status).toBe(200);
    const res = await s.review({ flag_id: flag, operation_type: 'ignore_report' });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.review.already_reviewed');
    expect(await s.flagStatus(flag)).toBe(2);
  });

  it('nothing of the queue reaches non-staff: deleted, unlisted and pending objects included', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    await s.flag(q, 'bob');
    await s.flag(a, 'carol');
    const hidden = await s.ask('alice');
    await s.flag(hidden, 'carol');
    await s.call({ method: 'PUT', url: '/question/operation', payload: { id: hidden, operation: 'hide' }, as: 'mod' });
    expect((await s.page('mod')).body.data.count).toBe(3);
    for (const who of ['alice', 'bob', 'carol', 'newbie', 'editor'] as const) {
      for (const page of [1, 2, 3]) {
        const res = await s.page(who, page);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ count: 0, list: [] });
      }
    }
    expect((await s.page('suspended')).status).toBe(403);
    expect((await s.page('inactive')).status).toBe(403);
    const anonymous = await s.call({ method: 'GET', url: '/report/unreviewed/post?page=1' });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain(q);
  });

  it('an unlisted question stays in the queue for staff with its show status and tags', async () => {
    const q = await s.ask('alice');
    await s.flag(q, 'bob');
    await s.call({ method: 'PUT', url: '/question/operation', payload: { id: q, operation: 'hide' }, as: 'mod' });
    const item = (await s.page('mod')).body.data.list[0]!;
    expect(item).toMatchObject({ object_id: q, object_show_status: 2, tags: [{ slug_name: 'support' }] });
  });

  it('a bad page is a field error, never a 500', async () => {
    for (const page of ['0', 'x', '10001']) {
      const res = await s.call({ method: 'GET', url: `/report/unreviewed/post?page=${page}`, as: 'mod' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.data)).toContain('page');
    }
  });

  it('a member flags an object once while the flag is pending, also in parallel', async () => {
    const q = await s.ask('alice');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.call({ method: 'POST', url: '/report', payload: { object_id: q, report_type: FLAG.spam }, as: 'carol' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body).toMatchObject({ code: 400, reason: 'error.report.already_reported' });
    const rows = await s.db.selectFrom('report').select('id').where('object_id', '=', q).execute();
    expect(rows).toHaveLength(1);
    expect((await s.page('mod')).body.data.count).toBe(1);
  });
});
