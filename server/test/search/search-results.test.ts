import type { SearchItem, SimilarQuestions } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import type { SearchSite } from './helpers';
import { ids, kinds, searchFound, searchPosts, type SearchPosts } from './search-posts';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(available)('GET search results on $label', (target) => {
  let s: SearchSite;
  let q: SearchPosts['q'];
  let a: SearchPosts['a'];
  const found = searchFound(() => s);

  beforeAll(async () => {
    ({ site: s, q, a } = await searchPosts(target));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('gives each hit as the contract says: an answer carries its question title, tags and answer count', async () => {
    const res = await found('upstream is:answer');
    expect(res.count).toBe(1);
    const item = res.list[0]!;
    expect(item).toEqual({
      object_type: 'answer',
      object: {
        id: a.nginx,
        question_id: q.nginx,
        title: 'Configure nginx reverse proxy',
        url_title: 'configure-nginx-reverse-proxy',
        excerpt: 'Set the Host header and the zebrafish upstream works.',
        created_at: expect.any(Number),
        vote_count: 0,
        accepted: false,
        answer_count: 1,
        user_info: { id: '12', username: 'bob', display_name: 'Bob', rank: 1, status: 'normal' },
        tags: [
          { slug_name: 'nginx', display_name: 'nginx', main_tag_slug_name: '', recommend: false, reserved: false },
        ],
        status: 'available',
      },
    } satisfies SearchItem);
    const question = (await found('nginx is:question')).list[0]!;
    expect(question.object_type).toBe('question');
    expect(question.object).toMatchObject({
      id: q.nginx,
      question_id: q.nginx,
      user_info: { username: 'alice' },
      answer_count: 1,
    });
    expect(question.object.excerpt).toBe('Use proxy_pass with an upstream block, then reload the zebrafish server.');
  });

  it('cuts the plain-text excerpt around the first matched word', async () => {
    const item = (await found('pelican is:question', { order: 'newest' })).list[0]!;
    expect(item.object.id).toBe(q.seabird);
    expect(item.object.excerpt.length).toBeLessThanOrEqual(240);
    expect(item.object.excerpt).toMatch(/^\.\.\..*One pelican too\.$/);
    expect(item.object.excerpt).not.toMatch(/<|>/);
  });

  it('never finds deleted, unlisted or pending questions, deleted answers or answers of deleted questions', async () => {
    const res = await found('quokka');
    expect(ids(res)).toEqual([q.visible, q.closed].sort());
    expect(res.count).toBe(2);
    expect(res.list.find((item) => item.object.id === q.closed)!.object.status).toBe('closed');
  });

  it('counts score:N alone over the visible answers only (answers of hidden questions left out)', async () => {
    const res = await found('score:-1000 is:answer', { size: 50 });
    expect(res.count).toBe(res.list.length);
    expect(ids(res)).not.toContain(a.ofDeleted);
    expect(ids(res)).not.toContain(a.deleted);
    expect(ids(res)).toContain(a.nginx);
  });

  it('orders by relevance (title above body), newest, active and score', async () => {
    expect(kinds(await found('pelican'))).toEqual([`question:${q.pelican}`, `question:${q.seabird}`]);
    expect(kinds(await found('pelican', { order: 'newest' }))).toEqual([
      `question:${q.seabird}`,
      `question:${q.pelican}`,
    ]);
    expect(kinds(await found('pelican', { order: 'active' }))).toEqual([
      `question:${q.seabird}`,
      `question:${q.pelican}`,
    ]);
    await s.db
      .updateTable('question')
      .set({ post_update_time: Date.now() + 60_000 })
      .where('id', '=', q.pelican)
      .execute();
    expect(kinds(await found('pelican', { order: 'active' }))).toEqual([
      `question:${q.pelican}`,
      `question:${q.seabird}`,
    ]);
    await s.db.updateTable('question').set({ vote_count: 3 }).where('id', '=', q.seabird).execute();
    expect(kinds(await found('pelican', { order: 'score' }))).toEqual([
      `question:${q.seabird}`,
      `question:${q.pelican}`,
    ]);
  });

  it('pages with page and size; the count is of every hit', async () => {
    const first = await found('quokka', { size: 1, order: 'newest' });
    const second = await found('quokka', { size: 1, page: 2, order: 'newest' });
    expect(first.count).toBe(2);
    expect(second.count).toBe(2);
    expect(first.list).toHaveLength(1);
    expect(second.list).toHaveLength(1);
    expect(first.list[0]!.object.id).not.toBe(second.list[0]!.object.id);
    expect(await found('quokka', { size: 1, page: 3 })).toEqual({ count: 2, list: [] });
    // The same in the relevance order (SQLite answers it from the index alone).
    const best = await found('quokka', { size: 1 });
    const next = await found('quokka', { size: 1, page: 2 });
    expect([best.count, next.count]).toEqual([2, 2]);
    expect([best.list[0]!.object.id, next.list[0]!.object.id].sort()).toEqual([q.visible, q.closed].sort());
    expect(await found('quokka', { size: 1, page: 3 })).toEqual({ count: 2, list: [] });
  });

  it('GET search/desc names no search plugin', async () => {
    const res = await s.call({ method: 'GET', url: '/search/desc' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: '', icon: '', link: '' });
  });

  it('similar questions of the ask form come from the index: shared title words first', async () => {
    const res = await s.call<SimilarQuestions>({
      method: 'GET',
      url: `/question/similar?title=${encodeURIComponent('What is the pelican schedule at the coast?')}`,
      as: 'alice',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((item) => item.id)).toEqual([q.pelican, q.seabird]);
    const quokka = await s.call<SimilarQuestions>({
      method: 'GET',
      url: `/question/similar?title=${encodeURIComponent('quokka question')}`,
      as: 'alice',
    });
    expect(quokka.body.data.map((item) => item.id).sort()).toEqual([q.visible, q.closed].sort());
  });
});
