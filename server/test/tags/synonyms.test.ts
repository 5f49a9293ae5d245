import type { QuestionInfo, QuestionPage, TagInfo, TagPage, TagSynonyms } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type Person, type TagsSite } from './helpers';

/**
 * PUT tag/synonym and "a synonym maps to its main tag everywhere": questions and follows of a tag
 * that becomes a synonym move to the main tag, counts follow, asking and following with a synonym
 * use the main tag, the question list by a synonym's slug shows the main tag's questions.
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type Fields = { error_field: string; error_msg: string }[];

describe.each(available)('tag synonyms on $label', (target) => {
  let s: TagsSite;
  const ids: Record<string, string> = {};
  const questions: Record<string, string> = {};

  const tag = (slug: string) =>
    s.db
      .selectFrom('tag')
      .select(['main_tag_slug_name', 'question_count', 'follow_count'])
      .where('slug_name', '=', slug)
      .executeTakeFirstOrThrow();
  const setSynonyms = (as: Person, tagId: string, slugs: (string | { slug_name: string; display_name?: string })[]) =>
    s.call({
      method: 'PUT',
      url: '/tag/synonym',
      as,
      payload: { tag_id: tagId, synonym_tag_list: slugs.map((x) => (typeof x === 'string' ? { slug_name: x } : x)) },
    });
  const follow = (as: Person, objectId: string) =>
    s.call({ method: 'POST', url: '/follow', as, payload: { object_id: objectId } });
  const questionTags = async (id: string) =>
    (await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as: 'mod' })).body.data.tags.map(
      (t) => t.slug_name,
    );

  beforeAll(async () => {
    s = await tagsSite(target);
    for (const slug of ['syn-main', 'syn-other', 'syn-parent']) {
      const res = await s.call({
        method: 'POST',
        url: '/tag',
        as: 'admin',
        payload: { slug_name: slug, display_name: slug },
      });
      expect(res.status, res.body.msg).toBe(200);
      ids[slug] = await s.idOf(slug);
    }
    expect((await setSynonyms('admin', ids['syn-parent']!, ['syn-child'])).status).toBe(200);
    questions.both = await s.ask('rich', ['syn-main', 'syn-other']);
    questions.other = await s.ask('rich', ['syn-other']);
    questions.hidden = await s.ask('rich', ['syn-other']);
    const hide = await s.call({
      method: 'PUT',
      url: '/question/operation',
      as: 'mod',
      payload: { id: questions.hidden, operation: 'hide' },
    });
    expect(hide.status, hide.body.msg).toBe(200);
    for (const [who, slug] of [
      ['alice', 'syn-main'],
      ['alice', 'syn-other'],
      ['bob', 'syn-other'],
    ] as const)
      expect((await follow(who, ids[slug]!)).status).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('needs tag.synonym (10000) and refuses the tag itself, a tag with synonyms, a synonym as main, bad slugs', async () => {
    const short = await setSynonyms('rich', ids['syn-main']!, ['syn-other']);
    expect(short.status).toBe(403);
    expect(short.body.msg).toBe('You need at least 10000 reputation to do this.');

    const self = await setSynonyms('mod', ids['syn-main']!, ['SYN-MAIN']);
    expect(self.status).toBe(400);
    expect(self.body.data).toEqual([
      { error_field: 'synonym_tag_list', error_msg: 'A tag cannot be a synonym of itself.' },
    ]);
    const parent = await setSynonyms('mod', ids['syn-main']!, ['syn-parent']);
    expect(parent.status).toBe(400);
    expect((parent.body.data as Fields)[0]!.error_msg).toBe(
      'The tag syn-parent has synonyms of its own: it cannot become a synonym.',
    );
    const ofSynonym = await setSynonyms('mod', await s.idOf('syn-child'), ['syn-other']);
    expect(ofSynonym.status).toBe(400);
    expect(ofSynonym.body.reason).toBe('error.tag.synonym_not_main');
    const bad = await setSynonyms('mod', ids['syn-main']!, ['no spaces']);
    expect(bad.status).toBe(400);
    expect((bad.body.data as Fields)[0]!.error_field).toBe('synonym_tag_list');
    const unknown = await setSynonyms('mod', '10030000000099999', ['x']);
    expect(unknown.status).toBe(404);
    // Nothing changed.
    expect(await tag('syn-other')).toMatchObject({ main_tag_slug_name: '', question_count: 2, follow_count: 2 });
  });

  it('folds a main tag into a synonym: its questions and follows move, none twice, counts follow', async () => {
    await s.setRank('rich', 10_000);
    const res = await setSynonyms('rich', ids['syn-main']!, [
      'syn-other',
      { slug_name: 'Syn-New', display_name: 'New one' },
    ]);
    expect(res.status, res.body.msg).toBe(200);
    await s.setRank('rich', 2000);

    expect(await s.rels(questions.both!)).toEqual([{ slug_name: 'syn-main', status: 1 }]);
    expect(await s.rels(questions.other!)).toEqual([{ slug_name: 'syn-main', status: 1 }]);
    expect(await s.rels(questions.hidden!)).toEqual([{ slug_name: 'syn-main', status: 2 }]);
    expect(await tag('syn-main')).toMatchObject({ question_count: 2, follow_count: 2 });
    expect(await tag('syn-other')).toEqual({ main_tag_slug_name: 'syn-main', question_count: 0, follow_count: 0 });
    expect(await tag('syn-new')).toMatchObject({ main_tag_slug_name: 'syn-main', question_count: 0 });
    expect(await s.following('alice')).toEqual(['syn-main']);
    expect(await s.following('bob')).toEqual(['syn-main']);
    expect(await questionTags(questions.other!)).toEqual(['syn-main']);

    const synonyms = await s.call<TagSynonyms>({ method: 'GET', url: `/tag/synonyms?tag_id=${ids['syn-other']}` });
    expect(synonyms.body.data.synonyms.map((t) => [t.slug_name, t.display_name, t.main_tag_slug_name])).toEqual([
      ['syn-new', 'New one', 'syn-main'],
      ['syn-other', 'syn-other', 'syn-main'],
    ]);
    const list = await s.call<TagPage>({ method: 'GET', url: '/tags/page?slug_name=syn-&query_cond=name' });
    expect(list.body.data.list.map((t) => t.slug_name)).toEqual(['syn-main', 'syn-parent']);
    const info = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=syn-other', as: 'alice' });
    expect(info.body.data).toMatchObject({ slug_name: 'syn-main', is_follower: true, question_count: 2 });
  });

  it("the question list by a synonym's slug shows the main tag's questions", async () => {
    const page = await s.call<QuestionPage>({ method: 'GET', url: '/question/page?tag=syn-other&order=newest' });
    expect(page.status).toBe(200);
    expect(page.body.data.list.map((q) => q.id).sort()).toEqual([questions.both, questions.other].sort());
  });

  it('asking with a synonym stores the main tag', async () => {
    const id = await s.ask('alice', ['syn-new', 'syn-other']);
    expect(await s.rels(id)).toEqual([{ slug_name: 'syn-main', status: 1 }]);
    expect(await questionTags(id)).toEqual(['syn-main']);
    expect((await tag('syn-main')).question_count).toBe(3);
    expect((await tag('syn-new')).question_count).toBe(0);
  });

  it('following a synonym follows its main tag (POST follow and PUT follow/tags)', async () => {
    const res = await follow('carol', await s.idOf('syn-new'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ follows: 3, is_followed: true });
    expect(await s.following('carol')).toEqual(['syn-main']);
    const set = await s.call({
      method: 'PUT',
      url: '/follow/tags',
      as: 'erin',
      payload: { slug_name_list: ['syn-other', 'syn-main', 'syn-parent'] },
    });
    expect(set.status).toBe(200);
    expect(await s.following('erin')).toEqual(['syn-main', 'syn-parent']);
    expect((await tag('syn-main')).follow_count).toBe(4);
    // Deleted tags are neither followed nor listed.
    const gone = await s.call({
      method: 'POST',
      url: '/tag',
      as: 'admin',
      payload: { slug_name: 'syn-gone', display_name: 'Gone' },
    });
    expect(gone.status).toBe(200);
    expect(
      (await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: await s.idOf('syn-gone') } }))
        .status,
    ).toBe(200);
    await s.call({
      method: 'PUT',
      url: '/follow/tags',
      as: 'erin',
      payload: { slug_name_list: ['syn-gone', 'syn-parent'] },
    });
    expect(await s.following('erin')).toEqual(['syn-parent']);
  });

  it('a synonym of another main tag moves over; tags left out become main tags again', async () => {
    const res = await setSynonyms('mod', ids['syn-main']!, ['syn-new', 'syn-child']);
    expect(res.status, res.body.msg).toBe(200);
    expect(await tag('syn-child')).toMatchObject({ main_tag_slug_name: 'syn-main' });
    const parent = await s.call<TagSynonyms>({ method: 'GET', url: `/tag/synonyms?tag_id=${ids['syn-parent']}` });
    expect(parent.body.data.synonyms).toEqual([]);
    // syn-other is a main tag again: listed, found by its own slug; its questions stayed with syn-main.
    expect(await tag('syn-other')).toEqual({ main_tag_slug_name: '', question_count: 0, follow_count: 0 });
    const info = await s.call<TagInfo>({ method: 'GET', url: '/tag?name=syn-other' });
    expect(info.body.data).toMatchObject({ slug_name: 'syn-other', main_tag_slug_name: '' });
    const list = await s.call<TagPage>({ method: 'GET', url: '/tags/page?slug_name=syn-&query_cond=name' });
    expect(list.body.data.list.map((t) => t.slug_name)).toEqual(['syn-main', 'syn-other', 'syn-parent']);
    expect((await tag('syn-main')).question_count).toBe(3);
    // An empty list removes every synonym.
    expect((await setSynonyms('mod', ids['syn-main']!, [])).status).toBe(200);
    expect(
      (await s.call<TagSynonyms>({ method: 'GET', url: `/tag/synonyms?tag_id=${ids['syn-main']}` })).body.data.synonyms,
    ).toEqual([]);
  });
});
