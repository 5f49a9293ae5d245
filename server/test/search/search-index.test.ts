import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchService } from '../../src/modules/search/service';
import { testDatabases } from '../db/databases';
import type { SearchSite } from './helpers';
import { ids, searchFound, searchPosts } from './search-posts';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(available)('search index on $label', (target) => {
  let s: SearchSite;
  const found = searchFound(() => s);

  beforeAll(async () => {
    ({ site: s } = await searchPosts(target));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('keeps the index in step: new words found, old words gone after an edit, deletes and undeletes', async () => {
    const id = await s.ask('bob', 'Ephemeral walrus title here', 'A kiwi body for the index test.');
    const answer = await s.answer('alice', id, 'An answer about the gannet colony.');
    expect(ids(await found('walrus'))).toEqual([id]);
    expect(ids(await found('gannet'))).toEqual([answer]);

    const edit = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'bob',
      payload: {
        id,
        title: 'Ephemeral narwhal title here',
        content: 'A mango body for the index test.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'rename',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const answerEdit = await s.call({
      method: 'PUT',
      url: '/answer',
      as: 'alice',
      payload: { id: answer, question_id: id, content: 'An answer about the booby colony.' },
    });
    expect(answerEdit.status, JSON.stringify(answerEdit.body)).toBe(200);
    expect(await found('walrus')).toEqual({ count: 0, list: [] });
    expect(await found('kiwi')).toEqual({ count: 0, list: [] });
    expect(await found('gannet')).toEqual({ count: 0, list: [] });
    expect(ids(await found('narwhal mango'))).toEqual([id]);
    expect(ids(await found('booby'))).toEqual([answer]);

    const removed = await s.call({ method: 'DELETE', url: '/question', as: 'bob', payload: { id } });
    expect(removed.status).toBe(200);
    expect(await found('narwhal')).toEqual({ count: 0, list: [] });
    expect(await found('booby')).toEqual({ count: 0, list: [] });
    // Undeleted (as the recovery does: the question and its tag links).
    await s.db.updateTable('question').set({ status: 1 }).where('id', '=', id).execute();
    await s.db.updateTable('tag_rel').set({ status: 1 }).where('object_id', '=', id).execute();
    expect(ids(await found('narwhal'))).toEqual([id]);
    // Its answers come back with it; hiding the question (unlisted) hides them again.
    expect(ids(await found('booby'))).toEqual([answer]);
    await s.db.updateTable('question').set({ show: 2 }).where('id', '=', id).execute();
    expect(await found('booby')).toEqual({ count: 0, list: [] });
    expect(await found('booby', { order: 'newest' })).toEqual({ count: 0, list: [] });
    await s.db.updateTable('question').set({ show: 1 }).where('id', '=', id).execute();
    expect(ids(await found('booby'))).toEqual([answer]);

    // New tags: the question and its answers are found by them, no longer by the old ones.
    expect(ids(await found('narwhal [support]'))).toEqual([id]);
    const retag = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'bob',
      payload: {
        id,
        title: 'Ephemeral narwhal title here',
        content: 'A mango body for the index test.',
        tags: [{ slug_name: 'nginx' }],
        edit_summary: 'retag',
      },
    });
    expect(retag.status, JSON.stringify(retag.body)).toBe(200);
    expect(await found('narwhal [support]')).toEqual({ count: 0, list: [] });
    expect(ids(await found('narwhal [nginx]'))).toEqual([id]);
    expect(ids(await found('booby [nginx]'))).toEqual([answer]);
    expect(ids(await found('booby [nginx]', { order: 'newest' }))).toEqual([answer]);

    // A row removed from the table leaves nothing behind in the index.
    await s.db.deleteFrom('answer').where('id', '=', answer).execute();
    expect(await found('booby')).toEqual({ count: 0, list: [] });
    const again = await s.answer('alice', id, 'Another booby answer.');
    expect(ids(await found('booby'))).toEqual([again]);
  });

  it('keeps [tag] in step with the tag links themselves: moved, removed, folded into a main tag', async () => {
    await s.tag('heron');
    await s.tag('egret');
    const id = await s.ask('alice', 'Wading heron habits', 'Where does the bittern wait for fish?', ['heron']);
    const answer = await s.answer('bob', id, 'The bittern waits in the reeds.');
    expect(ids(await found('bittern [heron]'))).toEqual([id, answer].sort());
    expect(ids(await found('bittern [egret]'))).toEqual([]);

    // Links changed behind the API's back still move the posts (the index follows tag_rel).
    const egret = (await s.db.selectFrom('tag').select('id').where('slug_name', '=', 'egret').executeTakeFirstOrThrow())
      .id;
    await s.db.updateTable('tag_rel').set({ tag_id: egret }).where('object_id', '=', id).execute();
    expect(ids(await found('bittern [heron]'))).toEqual([]);
    expect(ids(await found('bittern [egret]'))).toEqual([id, answer].sort());
    expect(ids(await found('bittern [egret]', { order: 'newest' }))).toEqual([id, answer].sort());
    await s.db.updateTable('tag_rel').set({ status: 0 }).where('object_id', '=', id).execute();
    expect(ids(await found('bittern [egret]'))).toEqual([]);
    await s.db.updateTable('tag_rel').set({ status: 1 }).where('object_id', '=', id).execute();
    expect(ids(await found('bittern [egret]'))).toEqual([id, answer].sort());
    await s.db.deleteFrom('tag_rel').where('object_id', '=', id).execute();
    expect(ids(await found('bittern [egret]'))).toEqual([]);
    expect(ids(await found('bittern'))).toEqual([id, answer].sort());

    // Folding egret into heron (PUT tag/synonym) hands egret's questions to heron: [heron] and
    // [egret] (now its synonym) find them.
    const other = await s.ask('bob', 'Egret plumage', 'The bittern has plainer feathers.', ['egret']);
    const heron = (await s.db.selectFrom('tag').select('id').where('slug_name', '=', 'heron').executeTakeFirstOrThrow())
      .id;
    const fold = await s.call({
      method: 'PUT',
      url: '/tag/synonym',
      as: 'admin',
      payload: { tag_id: heron, synonym_tag_list: [{ slug_name: 'egret' }] },
    });
    expect(fold.status, JSON.stringify(fold.body)).toBe(200);
    expect(ids(await found('bittern [heron]'))).toEqual([other]);
    expect(ids(await found('bittern [egret]'))).toEqual([other]);
    expect(ids(await found('plumage [heron] is:question'))).toEqual([other]);
  });

  it.runIf(target.type === 'sqlite3')(
    'ranks the newest matches of each kind first when a word has very many (SQLite: RANK_WINDOW)',
    async () => {
      // Questions oldest first; q[0] is the most relevant (the word in its title, thrice).
      const questions = [
        await s.ask('alice', 'Ibis ibis ibis sightings', 'The ibis at dawn.'),
        await s.ask('alice', 'Wetland birds in spring', 'Among many other birds, one ibis was seen there.'),
        await s.ask('bob', 'Ibis nesting season', 'Where does the ibis nest?'),
        await s.ask('bob', 'Marsh walk notes', 'A long walk through the marsh, where an ibis fed quietly.'),
      ];
      const answers = [
        await s.answer('bob', questions[0]!, 'Ibis, ibis: the glossy ibis.'),
        await s.answer('alice', questions[1]!, 'A lone ibis among herons and egrets in the reeds.'),
        await s.answer('alice', questions[2]!, 'The ibis nests in colonies.'),
      ];
      const pages = async (service: SearchService, size: number) => {
        const all: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = await service.search({ q: 'ibis', page, size }, undefined);
          expect(res.count).toBe(7);
          all.push(...res.list.map((item) => item.object.id));
        }
        return all;
      };
      const exact = await pages(new SearchService(s.db), 7);
      expect(exact).toHaveLength(7);
      expect(exact[0]).toBe(questions[0]);
      // Window 2: the newest two questions and two answers by relevance, then the others by relevance;
      // pages of 3 straddle the tiers without losing or repeating a hit.
      const newest = new Set([questions[2], questions[3], answers[1], answers[2]]);
      const tiered = await pages(new SearchService(s.db, { rankWindow: 2 }), 3);
      expect(tiered).toEqual([...exact.filter((id) => newest.has(id)), ...exact.filter((id) => !newest.has(id))]);
      expect(tiered[4]).toBe(questions[0]);
      // One kind (is:answer): its newest two first, then the oldest.
      const one = await new SearchService(s.db, { rankWindow: 2 }).search({ q: 'ibis is:answer', size: 3 }, undefined);
      expect(one.count).toBe(3);
      expect(new Set(one.list.slice(0, 2).map((item) => item.object.id))).toEqual(new Set([answers[1], answers[2]]));
      expect(one.list[2]!.object.id).toBe(answers[0]);
    },
  );
});
