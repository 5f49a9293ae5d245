import type { AdminQuestionPage, QuestionInfo } from '@agora/shared-api/contract';
import { toShortId } from '@agora/shared-api/short-id';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CLOSE, PEOPLE, reviewSite, uniqueText, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Posts containing this word wait for review. */
const QUEUE_WORD = 'quarantined';

describe.each(available)('admin questions on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target, { site: { moderation: { queue_words: [QUEUE_WORD] } } });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const page = (query: string) =>
    s.call<AdminQuestionPage>({ method: 'GET', url: `/question/page?${query}`, admin: true, as: 'admin' });
  const ids = async (query: string) => (await page(query)).body.data.list.map((q) => q.id);
  const setStatus = (payload: Record<string, unknown>) =>
    s.call<null>({ method: 'PUT', url: '/question/status', payload, admin: true, as: 'admin' });
  const statusOf = async (id: string) =>
    Number((await s.db.selectFrom('question').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const tagCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('tag')
          .select('question_count')
          .where('slug_name', '=', 'support')
          .executeTakeFirstOrThrow()
      ).question_count,
    );
  const askerCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('user')
          .select('question_count')
          .where('id', '=', PEOPLE.alice.id)
          .executeTakeFirstOrThrow()
      ).question_count,
    );
  const publicList = async () =>
    JSON.stringify(
      (await s.call({ method: 'GET', url: '/question/page?page=1&page_size=100&order=newest' })).body.data,
    );

  it('lists by status, newest first: normal holds open questions, listed or not; closed, deleted, pending', async () => {
    const older = await s.ask('alice');
    const unlisted = await s.ask('alice');
    expect(
      (
        await s.call({
          method: 'PUT',
          url: '/question/operation',
          payload: { id: unlisted, operation: 'hide' },
          as: 'mod',
        })
      ).status,
    ).toBe(200);
    const closed = await s.ask('alice');
    expect(
      (await setStatus({ question_id: closed, status: 'closed', close_type: CLOSE.communitySpecific })).status,
    ).toBe(200);
    const deleted = await s.ask('alice');
    expect((await setStatus({ question_id: deleted, status: 'deleted' })).status).toBe(200);
    const queued = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: {
        title: `A ${QUEUE_WORD} question title`,
        content: uniqueText(QUEUE_WORD),
        tags: [{ slug_name: 'support' }],
      },
      as: 'bob',
    });
    expect(queued.status).toBe(200);

    const normal = await ids('page=1&page_size=100');
    expect(normal.indexOf(unlisted)).toBeLessThan(normal.indexOf(older));
    expect(normal).toEqual(expect.arrayContaining([older, unlisted]));
    expect(normal).not.toContain(closed);
    expect(normal).not.toContain(deleted);
    expect(await ids('page=1&status=normal&page_size=100')).toEqual(normal);
    expect(await ids('page=1&status=closed')).toEqual([closed]);
    expect(await ids('page=1&status=deleted')).toEqual([deleted]);
    const pending = (await page('page=1&status=pending')).body.data;
    expect(pending.count).toBe(1);
    expect(pending.list[0]).toMatchObject({ status: 11, user_info: { id: String(PEOPLE.bob.id), username: 'bob' } });
    const item = (await page('page=1&status=closed')).body.data.list[0]!;
    expect(item).toMatchObject({ id: closed, status: 2, show: 1, pin: 1, answer_count: 0, accepted_answer_id: '0' });
    expect(item.create_time).toBeGreaterThan(1_600_000_000);
  });

  it('query: a title fragment (any case, wildcards literal) or question:<id> in long or short form', async () => {
    const id = await s.ask('alice');
    const title = (await s.db.selectFrom('question').select('title').where('id', '=', id).executeTakeFirstOrThrow())
      .title;
    const fragment = title.slice(5, 25).toUpperCase();
    expect(await ids(`page=1&query=${encodeURIComponent(fragment)}`)).toContain(id);
    expect(await ids(`page=1&query=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids(`page=1&query=question:${id}`)).toEqual([id]);
    expect(await ids(`page=1&query=question:${toShortId(id)}`)).toEqual([id]);
    expect(await ids(`page=1&query=question:${id}&status=closed`)).toEqual([]);
    expect((await page('page=1&query=question:nonsense')).body.data).toEqual({ count: 0, list: [] });
  });

  it('pages: page_size and count; past the end is empty; out-of-range and malformed paging are 400', async () => {
    const all = (await page('page=1&page_size=100')).body.data;
    const first = (await page('page=1&page_size=1')).body.data;
    const second = (await page('page=2&page_size=1')).body.data;
    expect(first.count).toBe(all.count);
    expect([first.list[0]!.id, second.list[0]!.id]).toEqual(all.list.slice(0, 2).map((q) => q.id));
    expect((await page(`page=${all.count + 1}&page_size=1`)).body.data.list).toEqual([]);
    // A page size above 100 is served as 100 (every list does so); 0 is refused.
    expect((await page('page=1&page_size=500')).body.data.list.length).toBe(Math.min(all.count, 100));
    for (const bad of ['page=0', 'page=10001', 'page=abc', 'page_size=0', 'status=open', 'query=' + 'x'.repeat(101)]) {
      const res = await page(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('closing takes a close reason as the site does and tells the asker; closing again changes nothing', async () => {
    const q = await s.ask('alice');
    const noReason = await setStatus({ question_id: q, status: 'closed' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.data)).toContain('close_type');
    const noRemark = await setStatus({ question_id: q, status: 'closed', close_type: CLOSE.notClarity });
    expect(JSON.stringify(noRemark.body.data)).toContain('close_msg');
    expect(await statusOf(q)).toBe(1);

    expect((await setStatus({ question_id: q, status: 'closed', close_type: CLOSE.communitySpecific })).status).toBe(
      200,
    );
    expect(await statusOf(q)).toBe(2);
    expect(await s.activities(q)).toContainEqual({ key: 'question.closed', user_id: PEOPLE.admin.id });
    const notices = await s.notices(q);
    expect(notices.map((n) => n.content.notification_action)).toEqual(['your_question_is_closed']);

    expect((await setStatus({ question_id: q, status: 'closed', close_type: CLOSE.communitySpecific })).status).toBe(
      200,
    );
    expect((await s.activities(q)).filter((a) => a.key === 'question.closed')).toHaveLength(1);
    expect(await s.notices(q)).toHaveLength(1);

    expect((await setStatus({ question_id: q, status: 'available' })).status).toBe(200);
    expect(await statusOf(q)).toBe(1);
    expect(await s.activities(q)).toContainEqual({ key: 'question.reopened', user_id: PEOPLE.admin.id });
  });

  it('deleting and restoring move the lists, the tag and asker counts as the site’s delete and undelete do', async () => {
    const q = await s.ask('alice');
    const [tags, asked] = [await tagCount(), await askerCount()];
    expect(await publicList()).toContain(q);

    expect((await setStatus({ question_id: q, status: 'deleted' })).status).toBe(200);
    expect(await statusOf(q)).toBe(10);
    expect([await tagCount(), await askerCount()]).toEqual([tags - 1, asked - 1]);
    expect(await publicList()).not.toContain(q);
    expect(await ids('page=1&status=deleted&page_size=100')).toContain(q);
    expect(await ids('page=1&page_size=100')).not.toContain(q);
    expect((await s.call({ method: 'GET', url: `/question/info?id=${q}`, as: 'bob' })).status).toBe(404);
    expect(await s.activities(q)).toContainEqual({ key: 'question.deleted', user_id: PEOPLE.admin.id });

    expect((await setStatus({ question_id: q, status: 'deleted' })).status).toBe(200);
    expect((await s.activities(q)).filter((a) => a.key === 'question.deleted')).toHaveLength(1);

    expect((await setStatus({ question_id: q, status: 'available' })).status).toBe(200);
    expect(await statusOf(q)).toBe(1);
    expect([await tagCount(), await askerCount()]).toEqual([tags, asked]);
    expect(await publicList()).toContain(q);
    expect(await s.activities(q)).toContainEqual({ key: 'question.undeleted', user_id: PEOPLE.admin.id });

    expect((await setStatus({ question_id: q, status: 'available' })).status).toBe(200);
    expect((await s.activities(q)).filter((a) => a.key === 'question.undeleted')).toHaveLength(1);
  });

  it('bad input: unknown id 404 with the reason, bad status or id 400, a queued question is left to review', async () => {
    const unknown = await setStatus({ question_id: '10010000000099999', status: 'deleted' });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'error.question.not_found']);
    const answerId = await setStatus({ question_id: await s.answer(await s.ask('alice')), status: 'deleted' });
    expect([answerId.status, answerId.body.reason]).toEqual([404, 'error.question.not_found']);
    const q = await s.ask('alice');
    for (const payload of [
      { question_id: q, status: 'open' },
      { question_id: q, status: 2 },
      { question_id: q },
      { question_id: 'x y', status: 'deleted' },
      { question_id: q, status: 'closed', close_type: 'one' },
    ]) {
      const res = await setStatus(payload);
      expect([JSON.stringify(payload), res.status]).toEqual([JSON.stringify(payload), 400]);
    }
    expect(await statusOf(q)).toBe(1);
    const pending = (await page('page=1&status=pending')).body.data.list[0]!;
    const refused = await setStatus({ question_id: pending.id, status: 'deleted' });
    expect([refused.status, refused.body.reason]).toEqual([400, 'error.admin.post_pending']);
    expect(await statusOf(pending.id)).toBe(11);
  });
});
