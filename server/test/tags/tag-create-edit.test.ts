import type { TagRevisionContent } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type TagsSite } from './helpers';
import { tagWrites, type Fields } from './tag-writes';

/** POST tag, PUT tag (applied or suggested) and the tag's history. */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('tag creation and edits on $label', (target) => {
  let s: TagsSite;
  beforeAll(async () => {
    s = await tagsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const { create, edit, info, activities, history } = tagWrites(() => s);

  describe('POST tag', () => {
    it('needs tag.add: 749 reputation is refused, 750 passes, moderators pass', async () => {
      await s.setRank('carol', 749);
      const short = await create('carol', { slug_name: 'w-short', display_name: 'Short' });
      expect(short.status).toBe(403);
      expect(short.body.reason).toBe('error.rank.no_enough_rank_to_operate');
      expect(short.body.msg).toBe('You need at least 750 reputation to do this.');
      await s.setRank('carol', 750);
      const enough = await create('carol', {
        slug_name: 'W-Enough',
        display_name: ' Enough ',
        original_text: 'A *wiki*.',
      });
      expect(enough.status, enough.body.msg).toBe(200);
      expect(enough.body.data).toEqual({ slug_name: 'w-enough' });
      const tag = await info('w-enough');
      expect(tag).toMatchObject({
        display_name: 'Enough',
        original_text: 'A *wiki*.',
        parsed_text: '<p>A <em>wiki</em>.</p>',
      });
      expect((await create('mod', { slug_name: 'w-mod', display_name: 'Mod' })).status).toBe(200);
      expect(await activities(tag.tag_id)).toEqual([`tag.created:15`]);
    });

    it('refuses bad slugs, blank display names and a slug in use, as field errors (translated)', async () => {
      const bad = await create('admin', { slug_name: 'c sharp', display_name: 'C#' });
      expect(bad.status).toBe(400);
      expect((bad.body.data as Fields)[0]!.error_field).toBe('slug_name');
      expect(bad.body.msg).toMatch(/^A tag may only use the characters/);
      const long = await create('admin', { slug_name: 'x'.repeat(36), display_name: 'Long' });
      expect(long.status).toBe(400);
      // /tags/.. would be / in every browser: no tag page could ever be reached.
      for (const dots of ['.', '..']) {
        expect((await create('admin', { slug_name: dots, display_name: 'Dots' })).status, dots).toBe(400);
      }
      const blank = await create('admin', { slug_name: 'w-blank', display_name: '   ' }, 'zh-CN');
      expect(blank.status).toBe(400);
      expect(blank.body.data).toEqual([{ error_field: 'display_name', error_msg: '显示名称不能为空。' }]);
      const taken = await create('admin', { slug_name: 'w-enough', display_name: 'Again' });
      expect(taken.status).toBe(400);
      expect(taken.body.data).toEqual([
        { error_field: 'slug_name', error_msg: 'A tag with this slug already exists.' },
      ]);
      expect((await create('admin', { slug_name: 'c++.net#-', display_name: 'Odd' })).status).toBe(200);
      // The wiki is rendered by the server: markup in it stays text.
      const xss = await create('admin', {
        slug_name: 'w-xss',
        display_name: '<b>x</b>',
        original_text: '<script>alert(1)</script> [a](javascript:alert(1))',
      });
      expect(xss.status).toBe(200);
      const shown = await info('w-xss');
      expect(shown.display_name).toBe('<b>x</b>');
      expect(shown.parsed_text).not.toMatch(/<script|href="javascript|<a /i);
    });

    it('records the creation in the history (status 0) with the creator', async () => {
      const id = await s.idOf('w-enough');
      const res = await history(id);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({
        object_id: id,
        use_id: '15',
        status: 0,
        title: 'Enough',
        reason: '',
        user_info: { id: '15', username: 'carol' },
      });
      expect(res.body.data[0]!.content).toEqual({
        slug_name: 'w-enough',
        display_name: 'Enough',
        original_text: 'A *wiki*.',
        parsed_text: '<p>A <em>wiki</em>.</p>',
        main_tag_slug_name: '',
      });
    });
  });

  describe('PUT tag', () => {
    it('needs tag.edit (50)', async () => {
      const id = await s.idOf('w-mod');
      await s.setRank('bob', 49);
      const res = await edit('bob', { tag_id: id, slug_name: 'w-mod', display_name: 'Mod 2' });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('You need at least 50 reputation to do this.');
    });

    it('without tag.edit_without_review stores a suggested edit: nothing visible changes, further edits wait', async () => {
      const id = await s.idOf('w-enough');
      await s.setRank('carol', 2000);
      // The creator is not exempt: tag edits go to review without the privilege.
      const res = await edit('carol', {
        tag_id: id,
        slug_name: 'w-enough',
        display_name: 'Enough (suggested)',
        original_text: 'Changed',
        edit_summary: 'clarify',
      });
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data).toEqual({ wait_for_review: true });
      expect(await info('w-enough')).toMatchObject({ display_name: 'Enough', original_text: 'A *wiki*.' });
      const pending = await s.db
        .selectFrom('revision')
        .select(['status', 'log'])
        .where('object_id', '=', id)
        .orderBy('id')
        .execute();
      expect(pending.map((r) => r.status)).toEqual([0, 1]);

      const again = await edit('mod', { tag_id: id, slug_name: 'w-enough', display_name: 'Other' });
      expect(again.status).toBe(400);
      expect(again.body.reason).toBe('error.tag.cannot_update');
      const check = await s.call<{ err_type: string }>({
        method: 'GET',
        url: `/revisions/edit/check?id=${id}`,
        as: 'rich',
      });
      expect(check.status).toBe(400);
      expect(check.body.reason).toBe('error.revision.review_underway');
      expect(check.body.data).toMatchObject({ err_type: 'toast' });
      // The suggestion is not part of the history.
      expect((await history(id)).body.data.map((r) => r.status)).toEqual([0]);
    });

    it('with tag.edit_without_review applies at once (revision 2, tag.edited); the slug needs staff', async () => {
      const id = await s.idOf('w-mod');
      const check = await s.call({ method: 'GET', url: `/revisions/edit/check?id=${id}`, as: 'rich' });
      expect(check.status).toBe(200);
      await s.setRank('rich', 10_000);
      const slug = await edit('rich', { tag_id: id, slug_name: 'w-mod-renamed', display_name: 'Mod' });
      expect(slug.status).toBe(403);
      expect(slug.body.reason).toBe('error.tag.cannot_edit_slug_name');
      const res = await edit('rich', {
        tag_id: id,
        slug_name: 'W-MOD',
        display_name: 'Moderated',
        original_text: '**bold**',
        edit_summary: 'better name',
      });
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data).toEqual({ wait_for_review: false });
      expect(await info('w-mod')).toMatchObject({
        display_name: 'Moderated',
        parsed_text: '<p><strong>bold</strong></p>',
      });
      expect(await activities(id)).toEqual(['tag.created:14', 'tag.edited:13']);
      await s.setRank('rich', 2000);
    });

    it('staff rename the slug; a slug in use is a field error; synonyms follow the new slug', async () => {
      const id = await s.idOf('w-mod');
      const syn = await s.call({
        method: 'PUT',
        url: '/tag/synonym',
        as: 'mod',
        payload: { tag_id: id, synonym_tag_list: [{ slug_name: 'w-mod-alias' }] },
      });
      expect(syn.status, syn.body.msg).toBe(200);
      const taken = await edit('mod', { tag_id: id, slug_name: 'w-enough', display_name: 'Moderated' });
      expect(taken.status).toBe(400);
      expect(taken.body.data).toEqual([
        { error_field: 'slug_name', error_msg: 'A tag with this slug already exists.' },
      ]);
      // An edit summary longer than the history keeps (255) is refused on its field, nothing changed.
      const long = await edit('mod', {
        tag_id: id,
        slug_name: 'w-moderated',
        display_name: 'Moderated',
        edit_summary: 'é'.repeat(256),
      });
      expect(long.status).toBe(400);
      expect((long.body.data as unknown as { error_field: string }[]).map((e) => e.error_field)).toEqual([
        'edit_summary',
      ]);
      const res = await edit('mod', {
        tag_id: id,
        slug_name: 'w-moderated',
        display_name: 'Moderated',
        edit_summary: 'é'.repeat(255),
      });
      expect(res.body.data).toEqual({ wait_for_review: false });
      expect((await info('w-moderated')).tag_id).toBe(id);
      expect((await s.call({ method: 'GET', url: '/tag?name=w-mod' })).status).toBe(404);
      const alias = await s.db
        .selectFrom('tag')
        .select('main_tag_slug_name')
        .where('slug_name', '=', 'w-mod-alias')
        .executeTakeFirstOrThrow();
      expect(alias.main_tag_slug_name).toBe('w-moderated');
    });

    it('GET revisions: creation and applied edits, newest first, with the edit summary', async () => {
      const id = await s.idOf('w-moderated');
      const res = await history(id);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r) => [r.status, r.reason, r.user_info?.username])).toEqual([
        [2, 'é'.repeat(255), 'mod'],
        [2, 'better name', 'rich'],
        [0, '', 'mod'],
      ]);
      expect((res.body.data[1]!.content as TagRevisionContent).display_name).toBe('Moderated');
      expect((res.body.data[0]!.content as TagRevisionContent).slug_name).toBe('w-moderated');
      // A synonym's history names its main tag.
      const alias = await s.idOf('w-mod-alias');
      expect((await edit('mod', { tag_id: alias, slug_name: 'w-mod-alias', display_name: 'Alias' })).status).toBe(200);
      const aliasHistory = (await history(alias)).body.data;
      expect(aliasHistory[0]!.content).toMatchObject({ display_name: 'Alias', main_tag_slug_name: 'w-moderated' });
      expect((await s.call({ method: 'GET', url: `/revisions?object_id=${id}` })).status).toBe(401);
      expect((await history('10030000000099999')).status).toBe(404);
    });

    it('an unknown or deleted tag is 404', async () => {
      const res = await edit('mod', { tag_id: '10030000000099999', slug_name: 'x', display_name: 'X' });
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('error.tag.not_found');
    });
  });
});
