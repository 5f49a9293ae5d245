import type { CollectionPage, UserRankPage, UserVotePage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reader, writtenTabs, type Person, type Site, type TabIds } from './tab-writes';

/**
 * The profile's Reputation, Votes and Bookmarks tabs after real writes through the HTTP API
 * (test/profile/tab-writes.ts): every tab shows exactly those rows, with the reputation deltas of
 * docs/product-rules.md. Deleted, hidden and cancelled things do not show.
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('profile tabs of reputation, votes and bookmarks after writes on $label', (target) => {
  let s: Site;
  let ids: TabIds;
  const read = reader(() => s);

  beforeAll(async () => {
    ({ site: s, ids } = await writtenTabs(target));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('personal/rank/page: one row per reputation change, newest first, with the applied numbers', async () => {
    const rows = async (name: Person, as?: Person) =>
      (await read<UserRankPage>(`/personal/rank/page?username=${name}`, as)).list.map((r) => [
        r.object_id,
        r.reputation,
        r.rank_type,
      ]);
    expect(await rows('alice', 'erin')).toEqual([
      [ids.a1, 2, 'Accepted an answer'],
      [ids.q2, -2, 'Question downvoted'],
      [ids.q3, 10, 'Question upvoted'],
      [ids.q1, 10, 'Question upvoted'],
    ]);
    expect(await rows('bob', 'erin')).toEqual([
      [ids.a1, 15, 'Answer accepted'],
      [ids.a3, 10, 'Answer upvoted'],
      [ids.a1, 10, 'Answer upvoted'],
    ]);
    expect(await rows('carol', 'erin')).toEqual([[ids.a2, -2, 'Answer downvoted']]);
    expect(await rows('dave', 'erin')).toEqual([[ids.a2, -1, 'Downvoted an answer']]);
    // What was taken back (an acceptance moved elsewhere, a vote turned around) is not listed.
    expect(await rows('frank', 'erin')).toEqual([[ids.a4, -2, 'Answer downvoted']]);
    expect(await rows('gina', 'erin')).toEqual([[ids.a5, 15, 'Answer accepted']]);
    expect(await rows('hank', 'erin')).toEqual([[ids.a4, -1, 'Downvoted an answer']]);
    expect(await rows('erin', 'erin')).toEqual([]);

    const page = await read<UserRankPage>('/personal/rank/page?username=alice', 'erin');
    expect(page.count).toBe(4);
    expect(page.list[3]).toMatchObject({
      object_type: 'question',
      question_id: ids.q1,
      answer_id: '',
      title: 'How do profile tabs count votes?',
    });
    expect(page.list[0]).toMatchObject({ object_type: 'answer', question_id: ids.q1, answer_id: ids.a1 });
  });

  it('personal/rank/page: a change from a post the viewer may not see keeps its amount, not its text or link', async () => {
    const row = async (name: Person, objectId: string, as?: Person) =>
      (await read<UserRankPage>(`/personal/rank/page?username=${name}`, as)).list.find((r) => r.object_id === objectId);
    const unavailable = {
      reputation: 10,
      title: 'A post that is no longer available',
      url_title: '',
      content: '',
      question_id: '',
      answer_id: '',
    };
    // q3 is unlisted: others do not see it, its author and staff do.
    for (const viewer of [undefined, 'erin', 'bob'] as const)
      expect(await row('alice', ids.q3, viewer)).toMatchObject({ ...unavailable, object_type: 'question' });
    for (const viewer of ['alice', 'mod'] as const)
      expect(await row('alice', ids.q3, viewer)).toMatchObject({
        question_id: ids.q3,
        title: 'Which questions can moderators unlist?',
        content: expect.stringContaining('Which questions can moderators unlist?'),
      });
    // a3 is deleted: nobody sees it, its author neither.
    for (const viewer of [undefined, 'erin', 'bob', 'mod'] as const)
      expect(await row('bob', ids.a3, viewer)).toMatchObject({ ...unavailable, object_type: 'answer' });
    const zh = await s.call<UserRankPage>({
      method: 'GET',
      url: '/personal/rank/page?username=bob',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.list.find((r) => r.object_id === ids.a3)).toMatchObject({
      title: '已无法查看的内容',
      rank_type: '回答被赞同',
    });
  });

  it('personal/vote/page: the member’s own votes that stand, newest first', async () => {
    const votes = async (as: Person) => {
      const page = await read<UserVotePage>('/personal/vote/page', as);
      expect(page.count).toBe(page.list.length);
      return page.list.map((v) => [v.object_id, v.object_type, v.vote_type]);
    };
    expect(await votes('carol')).toEqual([
      [ids.a3, 'answer', 'Upvote'],
      [ids.q3, 'question', 'Upvote'],
      [ids.c2, 'comment', 'Upvote'],
      [ids.a1, 'answer', 'Upvote'],
      [ids.q1, 'question', 'Upvote'],
    ]);
    expect(await votes('dave')).toEqual([
      [ids.q2, 'question', 'Downvote'],
      [ids.a2, 'answer', 'Downvote'],
    ]);
    // The deleted answer and the unlisted question keep their row, without text or link.
    const carol = await read<UserVotePage>('/personal/vote/page', 'carol');
    for (const item of carol.list.slice(0, 2))
      expect(item).toMatchObject({ title: 'A post that is no longer available', question_id: '', content: '' });
    expect(carol.list[2]).toMatchObject({
      question_id: ids.q1,
      answer_id: ids.a1,
      title: 'How do profile tabs count votes?',
    });
    // hank turned his vote around; bob took his only vote back.
    expect(await votes('hank')).toEqual([[ids.a4, 'answer', 'Downvote']]);
    expect(await votes('bob')).toEqual([]);
    expect(await votes('alice')).toEqual([]);
    expect((await s.call({ method: 'GET', url: '/personal/vote/page' })).status).toBe(401);
  });

  it('personal/collection/page: the member’s bookmarks they may still see', async () => {
    const carol = await read<CollectionPage>('/personal/collection/page', 'carol');
    // q3 is unlisted now: carol is neither its author nor staff.
    expect(carol.count).toBe(1);
    expect(carol.list.map((q) => [q.id, q.collected, q.collection_count, q.vote_count])).toEqual([
      [ids.q1, true, 1, 1],
    ]);
    const bob = await read<CollectionPage>('/personal/collection/page', 'bob');
    expect(bob.list.map((q) => [q.id, q.collection_count, q.vote_count, q.answer_count])).toEqual([[ids.q2, 1, -1, 0]]);
    expect((await read<CollectionPage>('/personal/collection/page', 'alice')).count).toBe(0);
  });
});
