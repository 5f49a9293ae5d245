import type { AdminAnswerPage } from '@agora/shared-api/contract';
import { toShortId } from '@agora/shared-api/short-id';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { PEOPLE, reviewSite, uniqueText, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const QUEUE_WORD = 'quarantined';

describe.each(available)('admin answers on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target, { site: { moderation: { queue_words: [QUEUE_WORD] } } });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const page = (query: string) =>
    s.call<AdminAnswerPage>({ method: 'GET', url: `/answer/page?${query}`, admin: true, as: 'admin' });
  const ids = async (query: string) => (await page(query)).body.data.list.map((a) => a.id);
  const setStatus = (payload: Record<string, unknown>) =>
    s.call<null>({ method: 'PUT', url: '/answer/status', payload, admin: true, as: 'admin' });
  const statusOf = async (id: string) =>
    Number((await s.db.selectFrom('answer').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const counts = async (q: string) => {
    const question = await s.db
      .selectFrom('question')
      .select('answer_count')
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    const author = await s.db
      .selectFrom('user')
      .select('answer_count')
      .where('id', '=', PEOPLE.bob.id)
      .executeTakeFirstOrThrow();
    return [Number(question.answer_count), Number(author.answer_count)];
  };

  it('lists by status newest first, by question, by answer:<id> or a fragment of the question’s title', async () => {
    const q = await s.ask('alice');
    const first = await s.answer(q, 'bob');
    const second = await s.answer(q, 'carol');
    const gone = await s.answer(q, 'editor');
    expect((await setStatus({ answer_id: gone, status: 'deleted' })).status).toBe(200);
    const queued = await s.call({
      method: 'POST',
      url: '/answer',
      payload: { question_id: q, content: uniqueText(QUEUE_WORD) },
      as: 'newbie',
    });
    expect(queued.status).toBe(200);

    expect(await ids(`page=1&question_id=${q}`)).toEqual([second, first]);
    expect(await ids(`page=1&question_id=${q}&status=deleted`)).toEqual([gone]);
    const pending = (await page(`page=1&question_id=${q}&status=pending`)).body.data;
    expect(pending.list.map((a) => [a.status, a.user_info.username])).toEqual([[11, 'newbie']]);
    expect(await ids(`page=1&query=answer:${first}`)).toEqual([first]);
    expect(await ids(`page=1&query=answer:${toShortId(first)}`)).toEqual([first]);
    expect((await page('page=1&query=answer:zzz')).body.data).toEqual({ count: 0, list: [] });

    const title = (await s.db.selectFrom('question').select('title').where('id', '=', q).executeTakeFirstOrThrow())
      .title;
    expect(await ids(`page=1&page_size=100&query=${encodeURIComponent(title.toUpperCase())}`)).toEqual([second, first]);
    const item = (await page(`page=1&query=answer:${first}`)).body.data.list[0]!;
    expect(item).toMatchObject({
      id: first,
      question_id: q,
      status: 1,
      accepted: 1,
      vote_count: 0,
      user_info: { username: 'bob' },
      question_info: { title },
    });
    expect(item.description).toContain('answer number');
  });

  it('deleting and restoring go through the site’s answer paths: counts, activity, lists', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const before = await counts(q);
    expect((await setStatus({ answer_id: a, status: 'deleted' })).status).toBe(200);
    expect(await statusOf(a)).toBe(10);
    expect(await counts(q)).toEqual([before[0]! - 1, before[1]! - 1]);
    expect(await s.activities(a)).toContainEqual({ key: 'answer.deleted', user_id: PEOPLE.admin.id });
    const seen = await s.call<{ list: Array<{ id: string }> }>({
      method: 'GET',
      url: `/answer/page?question_id=${q}`,
      as: 'carol',
    });
    expect(seen.body.data.list.map((x) => x.id)).not.toContain(a);

    expect((await setStatus({ answer_id: a, status: 'deleted' })).status).toBe(200);
    expect((await s.activities(a)).filter((x) => x.key === 'answer.deleted')).toHaveLength(1);

    expect((await setStatus({ answer_id: a, status: 'available' })).status).toBe(200);
    expect(await statusOf(a)).toBe(1);
    expect(await counts(q)).toEqual(before);
    expect(await s.activities(a)).toContainEqual({ key: 'answer.undeleted', user_id: PEOPLE.admin.id });
    expect((await setStatus({ answer_id: a, status: 'available' })).status).toBe(200);
    expect((await s.activities(a)).filter((x) => x.key === 'answer.undeleted')).toHaveLength(1);
  });

  it('bad input: unknown id 404, bad status 400, a queued answer is left to review; nothing changes', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const unknown = await setStatus({ answer_id: '10020000000099999', status: 'deleted' });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'error.answer.not_found']);
    const question = await setStatus({ answer_id: q, status: 'deleted' });
    expect([question.status, question.body.reason]).toEqual([404, 'error.answer.not_found']);
    for (const payload of [{ answer_id: a, status: 'closed' }, { answer_id: a }, { answer_id: 5, status: 'deleted' }]) {
      expect((await setStatus(payload)).status).toBe(400);
    }
    for (const bad of ['page=0', 'status=closed', 'question_id=a%20b']) expect((await page(bad)).status).toBe(400);
    expect(await statusOf(a)).toBe(1);
    const pending = (await page('page=1&status=pending')).body.data.list[0]!;
    const refused = await setStatus({ answer_id: pending.id, status: 'deleted' });
    expect([refused.status, refused.body.reason]).toEqual([400, 'error.admin.post_pending']);
    expect(await statusOf(pending.id)).toBe(11);
  });
});
