import type { SearchResp, TagInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type Person, type TagsSite } from './helpers';

/**
 * POST tag/merge (moderators): the source tag's questions and followers move to
 * the target, its synonyms become the target's, and it becomes a synonym of the target.
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type Fields = { error_field: string; error_msg: string }[];

describe.each(available)('POST tag/merge on $label', (target) => {
  let s: TagsSite;
  const ids: Record<string, string> = {};
  const questions: Record<string, string> = {};

  const tag = (slug: string) =>
    s.db
      .selectFrom('tag')
      .select(['main_tag_slug_name', 'question_count', 'follow_count', 'status'])
      .where('slug_name', '=', slug)
      .executeTakeFirstOrThrow();
  const merge = (as: Person, source: string, into: string) =>
    s.call({ method: 'POST', url: '/tag/merge', as, payload: { source_tag_id: source, target_tag_id: into } });

  beforeAll(async () => {
    s = await tagsSite(target);
    for (const slug of ['mg-target', 'mg-source', 'mg-spare']) {
      const res = await s.call({
        method: 'POST',
        url: '/tag',
        as: 'admin',
        payload: { slug_name: slug, display_name: slug },
      });
      expect(res.status, res.body.msg).toBe(200);
      ids[slug] = await s.idOf(slug);
    }
    const synonyms = await s.call({
      method: 'PUT',
      url: '/tag/synonym',
      as: 'admin',
      payload: { tag_id: ids['mg-source'], synonym_tag_list: [{ slug_name: 'mg-source-alias' }] },
    });
    expect(synonyms.status, synonyms.body.msg).toBe(200);
    ids['mg-source-alias'] = await s.idOf('mg-source-alias');
    questions.both = await s.ask('rich', ['mg-target', 'mg-source']);
    questions.source = await s.ask('rich', ['mg-source']);
    questions.target = await s.ask('rich', ['mg-target']);
    for (const [who, slug] of [
      ['alice', 'mg-target'],
      ['alice', 'mg-source'],
      ['bob', 'mg-source'],
    ] as const) {
      const res = await s.call({ method: 'POST', url: '/follow', as: who, payload: { object_id: ids[slug] } });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('is for moderators and administrators only; refuses the same tag, a synonym, a missing tag', async () => {
    await s.setRank('rich', 100_000);
    const member = await merge('rich', ids['mg-source']!, ids['mg-target']!);
    expect(member.status).toBe(403);
    await s.setRank('rich', 2000);
    expect(
      (await s.call({ method: 'POST', url: '/tag/merge', payload: { source_tag_id: '1', target_tag_id: '2' } })).status,
    ).toBe(401);

    const self = await merge('mod', ids['mg-source']!, ids['mg-source']!);
    expect(self.status).toBe(400);
    expect(self.body.data as Fields).toEqual([
      { error_field: 'target_tag_id', error_msg: 'A tag cannot be merged into itself.' },
    ]);
    const synonym = await merge('mod', ids['mg-source-alias']!, ids['mg-target']!);
    expect(synonym.status).toBe(400);
    expect((synonym.body.data as Fields)[0]).toEqual({
      error_field: 'source_tag_id',
      error_msg: 'This tag is a synonym: merge its main tag instead.',
    });
    const missing = await merge('mod', ids['mg-source']!, '10300000000999999');
    expect(missing.status).toBe(400);
    expect((missing.body.data as Fields)[0]!.error_field).toBe('target_tag_id');
    const bad = await s.call({
      method: 'POST',
      url: '/tag/merge',
      as: 'mod',
      payload: { source_tag_id: ids['mg-source'] },
    });
    expect(bad.status).toBe(400);
    // Nothing moved.
    expect(await s.rels(questions.source!)).toEqual([{ slug_name: 'mg-source', status: 1 }]);
    expect(await tag('mg-source')).toMatchObject({ main_tag_slug_name: '', question_count: 2, follow_count: 2 });
  });

  it('moves questions and followers (none twice), hands over the synonyms, makes the source a synonym', async () => {
    const res = await merge('mod', ids['mg-source']!, ids['mg-target']!);
    expect(res.status, res.body.msg).toBe(200);

    expect(await s.rels(questions.both!)).toEqual([{ slug_name: 'mg-target', status: 1 }]);
    expect(await s.rels(questions.source!)).toEqual([{ slug_name: 'mg-target', status: 1 }]);
    expect(await tag('mg-target')).toMatchObject({ main_tag_slug_name: '', question_count: 3, follow_count: 2 });
    expect(await tag('mg-source')).toMatchObject({
      main_tag_slug_name: 'mg-target',
      question_count: 0,
      follow_count: 0,
      status: 1,
    });
    expect(await tag('mg-source-alias')).toMatchObject({ main_tag_slug_name: 'mg-target' });
    expect(await s.following('alice')).toEqual(['mg-target']);
    expect(await s.following('bob')).toEqual(['mg-target']);

    // The old slug leads to the target; its questions are found by either name.
    const info = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=mg-source', as: 'bob' });
    expect(info.body.data).toMatchObject({ slug_name: 'mg-target', is_follower: true, question_count: 3 });
    for (const slug of ['mg-source', 'mg-source-alias', 'mg-target']) {
      const found = await s.call<SearchResp>({ method: 'GET', url: `/search?q=${encodeURIComponent(`[${slug}]`)}` });
      expect(found.status).toBe(200);
      expect(found.body.data.list.map((item) => item.object.id).sort()).toEqual(
        [questions.both, questions.source, questions.target].sort(),
      );
    }
    // Asking with the old slug stores the target.
    const asked = await s.ask('rich', ['mg-source']);
    expect(await s.rels(asked)).toEqual([{ slug_name: 'mg-target', status: 1 }]);

    // The source is now a synonym: it cannot be merged again.
    const again = await merge('admin', ids['mg-source']!, ids['mg-spare']!);
    expect(again.status).toBe(400);
  });
});
