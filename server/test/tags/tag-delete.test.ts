import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type TagsSite } from './helpers';
import { seedWrittenTags, tagWrites } from './tag-writes';

/** DELETE tag, POST tag/recover, and the history of questions and answers. */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('tag deletion and post histories on $label', (target) => {
  let s: TagsSite;
  beforeAll(async () => {
    s = await tagsSite(target);
    await seedWrittenTags(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const { create, info, activities, history } = tagWrites(() => s);

  describe('DELETE tag and POST tag/recover', () => {
    it('needs tag.delete (a role power): members with any reputation are refused', async () => {
      await s.setRank('rich', 100_000);
      const res = await s.call({
        method: 'DELETE',
        url: '/tag',
        as: 'rich',
        payload: { tag_id: await s.idOf('c++.net#-') },
      });
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('error.rank.fail_to_meet_the_condition');
      await s.setRank('rich', 2000);
    });

    it('refuses a tag with questions (listed or unlisted) or with synonyms', async () => {
      const used = await s.ask('rich', ['w-enough']);
      const res = await s.call({
        method: 'DELETE',
        url: '/tag',
        as: 'mod',
        payload: { tag_id: await s.idOf('w-enough') },
      });
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.tag.is_used_cannot_delete');
      expect(res.body.msg).toBe('Questions use this tag: it cannot be deleted.');
      // Unlisted: the link is hidden (status 2) but the tag is still used.
      const hide = await s.call({
        method: 'PUT',
        url: '/question/operation',
        as: 'mod',
        payload: { id: used, operation: 'hide' },
      });
      expect(hide.status, hide.body.msg).toBe(200);
      expect(
        (await s.call({ method: 'DELETE', url: '/tag', as: 'mod', payload: { tag_id: await s.idOf('w-enough') } }))
          .status,
      ).toBe(400);
      const synonyms = await s.call({
        method: 'DELETE',
        url: '/tag',
        as: 'mod',
        payload: { tag_id: await s.idOf('w-moderated') },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(synonyms.status).toBe(400);
      expect(synonyms.body.reason).toBe('error.tag.has_synonyms_cannot_delete');
      expect(synonyms.body.msg).toBe('此标签有同义词，请先移除同义词再删除。');
    });

    it('deletes an unused tag (tag.deleted), hides it from the list, and recovers it (tag.undeleted)', async () => {
      const id = await s.idOf('c++.net#-');
      const res = await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: id } });
      expect(res.status, res.body.msg).toBe(200);
      expect((await s.call({ method: 'GET', url: `/tag?id=${id}` })).status).toBe(404);
      const list = await s.call<{ list: { slug_name: string }[] }>({ method: 'GET', url: '/tags/page?slug_name=net' });
      expect(list.body.data.list).toEqual([]);
      expect((await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: id } })).status).toBe(404);
      // Its history stays for those who may see the deleted tag.
      expect((await history(id)).status).toBe(404);
      expect((await history(id, 'mod')).body.data).toHaveLength(1);

      const member = await s.call({ method: 'POST', url: '/tag/recover', as: 'rich', payload: { tag_id: id } });
      expect(member.status).toBe(403);
      const recovered = await s.call({ method: 'POST', url: '/tag/recover', as: 'mod', payload: { tag_id: id } });
      expect(recovered.status, recovered.body.msg).toBe(200);
      expect((await info('c++.net#-')).tag_id).toBe(id);
      const twice = await s.call({ method: 'POST', url: '/tag/recover', as: 'mod', payload: { tag_id: id } });
      expect(twice.status).toBe(400);
      expect(twice.body.reason).toBe('error.tag.not_deleted');
      expect(await activities(id)).toEqual(['tag.created:1', 'tag.deleted:1', 'tag.undeleted:14']);
    });

    it('creating a tag over a deleted one of that slug brings it back with the new names', async () => {
      expect((await create('admin', { slug_name: 'w-gone', display_name: 'Gone' })).status).toBe(200);
      const id = await s.idOf('w-gone');
      expect((await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: id } })).status).toBe(200);
      const again = await create('mod', { slug_name: 'w-gone', display_name: 'Back', original_text: 'new' });
      expect(again.status, again.body.msg).toBe(200);
      expect(await info('w-gone')).toMatchObject({
        tag_id: id,
        display_name: 'Back',
        original_text: 'new',
        status: 'available',
      });
    });
  });

  describe('GET revisions of questions and answers', () => {
    it('lists the question creation and applied edits with their tags; hidden questions stay hidden', async () => {
      const qid = await s.ask('alice', ['w-gone']);
      const body = {
        id: qid,
        title: 'An edited question title',
        content: 'The body, edited for clarity.',
        tags: [{ slug_name: 'w-gone' }, { slug_name: 'w-enough' }],
        edit_summary: 'tags',
      };
      const edited = await s.call({ method: 'PUT', url: '/question', as: 'alice', payload: body });
      expect(edited.status, edited.body.msg).toBe(200);
      const res = await history(qid, 'bob');
      expect(res.status).toBe(200);
      expect(res.body.data.map((r) => [r.status, r.reason, r.title])).toEqual([
        [2, 'tags', 'An edited question title'],
        [0, '', expect.stringMatching(/^How do I operate on thing number/)],
      ]);
      const latest = res.body.data[0]!.content as {
        title: string;
        content: string;
        html: string;
        tags: { slug_name: string }[];
      };
      expect(latest.tags.map((t) => t.slug_name)).toEqual(['w-gone', 'w-enough']);
      expect(latest.html).toBe('<p>The body, edited for clarity.</p>');
      expect(res.body.data[0]!.url_title).toBe('an-edited-question-title');

      const hide = await s.call({
        method: 'PUT',
        url: '/question/operation',
        as: 'mod',
        payload: { id: qid, operation: 'hide' },
      });
      expect(hide.status).toBe(200);
      expect((await history(qid, 'bob')).status).toBe(404);
      expect((await history(qid, 'alice')).status).toBe(200);
    });

    it('lists an answer creation', async () => {
      const qid = await s.ask('alice', ['w-gone']);
      const answered = await s.call<{ info: { id: string } }>({
        method: 'POST',
        url: '/answer',
        as: 'bob',
        payload: { question_id: qid, content: 'Try turning it off and on again.' },
      });
      expect(answered.status, answered.body.msg).toBe(200);
      const aid = answered.body.data.info.id;
      const res = await history(aid);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ object_id: aid, status: 0, user_info: { username: 'bob' } });
      expect(res.body.data[0]!.content).toEqual({
        content: 'Try turning it off and on again.',
        html: '<p>Try turning it off and on again.</p>',
      });
    });
  });
});
