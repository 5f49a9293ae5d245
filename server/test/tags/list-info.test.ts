import type { TagCreateResult, TagInfo, TagPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type TagsSite } from './helpers';

/** GET tags/page (sorts, filter, pages) and GET tag (by id, slug, synonym; deleted tags; actions). */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('tag list and tag info on $label', (target) => {
  let s: TagsSite;
  const ids: Record<string, string> = {};

  async function create(slug: string, display: string, wiki = '') {
    const res = await s.call<TagCreateResult>({
      method: 'POST',
      url: '/tag',
      as: 'admin',
      payload: { slug_name: slug, display_name: display, original_text: wiki },
    });
    expect(res.status, res.body.msg).toBe(200);
    const row = await s.db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow();
    ids[slug] = row.id;
  }
  const page = (query: string, as?: 'alice') =>
    s.call<TagPage>({ method: 'GET', url: `/tags/page?${query}`, ...(as ? { as } : {}) });
  const slugs = (data: TagPage) => data.list.map((t) => t.slug_name);

  beforeAll(async () => {
    s = await tagsSite(target);
    await create('lst-gamma', 'Gamma', `# Gamma\n\nThe **third** letter. ${'word '.repeat(80)}`);
    await create('lst-alpha', 'Alpha_One');
    await create('lst-beta', 'BetaXOne');
    await create('lst-delta', 'Delta');
    // Popularity: beta on two questions, alpha on one.
    await s.ask('rich', ['lst-beta', 'lst-alpha']);
    await s.ask('rich', ['lst-beta']);
    // A synonym of gamma (not listed) and a deleted tag (not listed).
    const syn = await s.call({
      method: 'PUT',
      url: '/tag/synonym',
      as: 'admin',
      payload: { tag_id: ids['lst-gamma'], synonym_tag_list: [{ slug_name: 'lst-gamma-syn' }] },
    });
    expect(syn.status, syn.body.msg).toBe(200);
    const del = await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: ids['lst-delta'] } });
    expect(del.status, del.body.msg).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('lists main available tags, by popularity by default, then by name and newest', async () => {
    const popular = await page('slug_name=lst-&page=1&page_size=20');
    expect(popular.status).toBe(200);
    expect(popular.body.data.count).toBe(3);
    expect(slugs(popular.body.data)).toEqual(['lst-beta', 'lst-alpha', 'lst-gamma']);
    expect(popular.body.data.list[0]).toMatchObject({
      display_name: 'BetaXOne',
      question_count: 2,
      is_follower: false,
    });

    const byName = await page('slug_name=lst-&query_cond=name');
    expect(slugs(byName.body.data)).toEqual(['lst-alpha', 'lst-beta', 'lst-gamma']);
    const newest = await page('slug_name=lst-&query_cond=newest');
    expect(slugs(newest.body.data)).toEqual(['lst-beta', 'lst-alpha', 'lst-gamma']);
  });

  it('filters on a part of the slug or display name, case-insensitive, wildcards taken literally', async () => {
    expect(slugs((await page('slug_name=ALPHA')).body.data)).toEqual(['lst-alpha']);
    expect(slugs((await page('slug_name=xone')).body.data)).toEqual(['lst-beta']);
    // '_' is a character here, not LIKE's any-character: 'a_o' matches Alpha_One, not BetaXOne.
    expect(slugs((await page('slug_name=a_o')).body.data)).toEqual(['lst-alpha']);
    expect(slugs((await page('slug_name=a%25o')).body.data)).toEqual([]);
    const none = await page('slug_name=zzz-nothing&page=3');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ count: 0, list: [] });
  });

  it('pages, and answers 404 for a page past the end of a non-empty list', async () => {
    const second = await page('slug_name=lst-&query_cond=name&page=2&page_size=2');
    expect(second.status).toBe(200);
    expect(second.body.data.count).toBe(3);
    expect(slugs(second.body.data)).toEqual(['lst-gamma']);
    const beyond = await page('slug_name=lst-&page=3&page_size=2');
    expect(beyond.status).toBe(404);
    expect(beyond.body.reason).toBe('base.request_format_error');
    expect((await page('page_size=0')).status).toBe(400);
  });

  it("shows the wiki's plain text as excerpt (at most 240 characters) and the caller's follows", async () => {
    const gamma = (await page('slug_name=lst-gamma')).body.data.list[0]!;
    expect(gamma.parsed_text).toContain('<strong>third</strong>');
    expect(gamma.excerpt.startsWith('Gamma The third letter. word')).toBe(true);
    expect([...gamma.excerpt].length).toBeLessThanOrEqual(240);
    expect(gamma.description).toBe(gamma.excerpt);

    const follow = await s.call({
      method: 'POST',
      url: '/follow',
      as: 'alice',
      payload: { object_id: ids['lst-alpha'] },
    });
    expect(follow.status, follow.body.msg).toBe(200);
    const list = (await page('slug_name=lst-&query_cond=name', 'alice')).body.data.list;
    expect(list.map((t) => [t.slug_name, t.is_follower, t.follow_count])).toEqual([
      ['lst-alpha', true, 1],
      ['lst-beta', false, 0],
      ['lst-gamma', false, 0],
    ]);
  });

  it('GET tag by id or slug (lower-cased); a synonym answers with its main tag', async () => {
    const byId = await s.call<TagInfo>({ method: 'GET', url: `/tag?id=${ids['lst-beta']}` });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({
      tag_id: ids['lst-beta'],
      slug_name: 'lst-beta',
      display_name: 'BetaXOne',
      status: 'available',
      question_count: 2,
      main_tag_slug_name: '',
      member_actions: [],
    });
    const byName = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=LST-Beta' });
    expect(byName.body.data.tag_id).toBe(ids['lst-beta']);
    const synonym = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=lst-gamma-syn' });
    expect(synonym.status).toBe(200);
    expect(synonym.body.data.slug_name).toBe('lst-gamma');
    const missing = await s.call({
      method: 'GET',
      url: '/tag?name=lst-nothing',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('error.tag.not_found');
    expect(missing.body.msg).toBe('标签不存在。');
    const neither = await s.call({ method: 'GET', url: '/tag' });
    expect(neither.status).toBe(400);
    expect(neither.body.reason).toBe('error.tag.id_or_name_required');
  });

  it('names what the caller may do: edit (tag.edit), delete (tag.delete, unused tags), merge (tag.synonym)', async () => {
    const actions = async (as: 'alice' | 'rich' | 'mod', lang = 'en-US') =>
      (
        await s.call<TagInfo>({
          method: 'GET',
          url: `/tag?id=${ids['lst-beta']}`,
          as,
          headers: { 'accept-language': lang },
        })
      ).body.data.member_actions;
    expect(await actions('alice')).toEqual([]);
    expect((await actions('rich')).map((a) => a.action)).toEqual(['edit']);
    // lst-beta is on questions, so DELETE tag would refuse it: delete is not offered, even to staff.
    expect(await actions('mod')).toEqual([
      { action: 'edit', name: 'Edit', type: 'edit' },
      { action: 'merge', name: 'Edit synonyms', type: 'edit' },
    ]);
    expect((await actions('mod', 'zh-CN')).map((a) => a.name)).toContain('编辑同义词');
    await s.setRank('rich', 10_000);
    expect((await actions('rich')).map((a) => a.action)).toEqual(['edit', 'merge']);
    await s.setRank('rich', 2000);
  });

  it('a deleted tag is 404 except for callers with tag.undeleted, who see it deleted with undelete', async () => {
    const visitor = await s.call({ method: 'GET', url: `/tag?id=${ids['lst-delta']}` });
    expect(visitor.status).toBe(404);
    const member = await s.call({ method: 'GET', url: '/tag?name=lst-delta', as: 'rich' });
    expect(member.status).toBe(404);
    const mod = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=lst-delta', as: 'mod' });
    expect(mod.status).toBe(200);
    expect(mod.body.data.status).toBe('deleted');
    expect(mod.body.data.member_actions.map((a) => a.action)).toEqual(['undelete']);
  });

  it('GET tag/synonyms lists the synonyms of the main tag, with edit for tag.synonym', async () => {
    const expected = [
      {
        tag_id: expect.any(String),
        slug_name: 'lst-gamma-syn',
        display_name: 'lst-gamma-syn',
        main_tag_slug_name: 'lst-gamma',
      },
    ];
    const visitor = await s.call<{ synonyms: unknown[]; member_actions: { action: string }[] }>({
      method: 'GET',
      url: `/tag/synonyms?tag_id=${ids['lst-gamma']}`,
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toEqual({ synonyms: expected, member_actions: [] });
    const mod = await s.call<{ synonyms: unknown[]; member_actions: { action: string }[] }>({
      method: 'GET',
      url: `/tag/synonyms?tag_id=${ids['lst-gamma']}`,
      as: 'mod',
    });
    expect(mod.body.data.member_actions.map((a) => a.action)).toEqual(['edit']);
    const none = await s.call({ method: 'GET', url: '/tag/synonyms?tag_id=10030000000099999' });
    expect(none.status).toBe(404);
  });
});
