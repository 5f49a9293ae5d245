import type { SearchItem, SearchResp, SimilarQuestions } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { SearchService } from '../../src/modules/search/service';
import { searchSite, type SearchSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const ids = (resp: SearchResp) => resp.list.map((item) => item.object.id).sort();
const kinds = (resp: SearchResp) => resp.list.map((item) => `${item.object_type}:${item.object.id}`);

describe.each(available)('GET search on $label', (target) => {
  let s: SearchSite;
  type QuestionKey =
    | 'nginx'
    | 'volumes'
    | 'compose'
    | 'cjk'
    | 'visible'
    | 'closed'
    | 'deleted'
    | 'hidden'
    | 'pending'
    | 'go'
    | 'pelican'
    | 'seabird';
  const q = {} as Record<QuestionKey, string>;
  const a = {} as Record<'nginx' | 'volumes' | 'deleted' | 'ofDeleted', string>;
  const found = async (query: string, extra: Record<string, string | number> = {}, as?: 'alice' | 'bob') => {
    const res = await s.search(query, extra, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await searchSite(target);
    const docker = await s.tag('docker');
    await s.tag('nginx');
    await s.tag('docker-ce', { id: docker, slug: 'docker' });
    q.nginx = await s.ask(
      'alice',
      'Configure nginx reverse proxy',
      'Use proxy_pass with an upstream block, then reload the zebrafish server.',
      ['nginx'],
    );
    q.volumes = await s.ask(
      'bob',
      'Docker volumes on Linux hosts',
      'Mount a named volume with the -v flag and a zebrafish label.',
      ['docker'],
    );
    q.compose = await s.ask('bob', 'Docker compose networking basics', 'Services reach each other by name.', [
      'docker-ce',
    ]);
    a.nginx = await s.answer('bob', q.nginx, 'Set the Host header and the zebrafish upstream works.');
    a.volumes = await s.answer('alice', q.volumes, 'Bind mounts are simpler than volumes here.');
    q.cjk = await s.ask('alice', '如何配置数据库连接池', '我们使用连接池来配置数据库，效果很好。');

    // Visibility: only the visible and the closed question, no deleted answer, no answer of a deleted question.
    q.visible = await s.ask('alice', 'Visible quokka question', 'The quokka body of a visible question.');
    q.closed = await s.ask('alice', 'Closed quokka question', 'The quokka body of a closed question.');
    q.deleted = await s.ask('alice', 'Deleted quokka question', 'The quokka body of a deleted question.');
    q.hidden = await s.ask('alice', 'Unlisted quokka question', 'The quokka body of an unlisted question.');
    q.pending = await s.ask('alice', 'Pending quokka question', 'The quokka body of a pending question.');
    a.deleted = await s.answer('bob', q.visible, 'A quokka answer that gets deleted.');
    a.ofDeleted = await s.answer('bob', q.deleted, 'A quokka answer on a question that gets deleted.');
    expect((await s.call({ method: 'DELETE', url: '/question', as: 'alice', payload: { id: q.deleted } })).status).toBe(
      200,
    );
    await s.db.updateTable('question').set({ status: 2 }).where('id', '=', q.closed).execute();
    await s.db.updateTable('question').set({ show: 2 }).where('id', '=', q.hidden).execute();
    await s.db.updateTable('question').set({ status: 11 }).where('id', '=', q.pending).execute();
    await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', a.deleted).execute();

    q.go = await s.ask('alice', 'Go channels in a for loop', 'Closing a channel ends the range loop.');

    // Orders.
    q.pelican = await s.ask(
      'alice',
      'Pelican feeding schedule',
      'How often does a pelican eat fish in the zoo, and how much?',
    );
    q.seabird = await s.ask(
      'bob',
      'Seabird notes from the coast',
      `${'Gulls, terns and cormorants were counted along the cliffs during the morning walk. '.repeat(4)}One pelican too.`,
    );
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('finds posts having every word, questions and answers alike', async () => {
    expect(ids(await found('zebrafish'))).toEqual([q.nginx, q.volumes, a.nginx].sort());
    expect(ids(await found('zebrafish upstream'))).toEqual([q.nginx, a.nginx].sort());
    expect(ids(await found('nginx zebrafish'))).toEqual([q.nginx]);
    expect(ids(await found('Zebrafish NGINX'))).toEqual([q.nginx]);
    expect(await found('zebrafish unicorn')).toEqual({ count: 0, list: [] });
  });

  it('matches an "exact phrase" in its order only', async () => {
    expect(ids(await found('"named volume"'))).toEqual([q.volumes]);
    expect(ids(await found('"volume named"'))).toEqual([]);
    expect(ids(await found('"named volume" mount'))).toEqual([q.volumes]);
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

  it('[tag] means the tag or any tag of its family (synonyms and main tag)', async () => {
    expect(ids(await found('[nginx]'))).toEqual([q.nginx, a.nginx].sort());
    expect(ids(await found('[docker-ce]'))).toEqual([q.volumes, q.compose, a.volumes].sort());
    expect(ids(await found('[docker]'))).toEqual([q.volumes, q.compose, a.volumes].sort());
    expect(ids(await found('[docker] volumes'))).toEqual([q.volumes, a.volumes].sort());
    expect(ids(await found('[docker] [nginx]'))).toEqual([]);
    expect(await found('[nosuchtag] docker')).toEqual({ count: 0, list: [] });
  });

  it('user:name and user:me (nothing for an anonymous visitor, not an error)', async () => {
    expect(ids(await found('zebrafish user:bob'))).toEqual([q.volumes, a.nginx].sort());
    expect(ids(await found('zebrafish user:BOB'))).toEqual([q.volumes, a.nginx].sort());
    expect(ids(await found('zebrafish user:me', {}, 'alice'))).toEqual([q.nginx]);
    expect(await found('zebrafish user:me')).toEqual({ count: 0, list: [] });
    expect(await found('zebrafish user:nobody')).toEqual({ count: 0, list: [] });
  });

  it('answers:N (questions only; 0 = none), score:N and is:', async () => {
    expect(ids(await found('zebrafish answers:1'))).toEqual([q.nginx, q.volumes].sort());
    expect(ids(await found('docker answers:0'))).toEqual([q.compose]);
    expect(ids(await found('zebrafish answers:2'))).toEqual([]);
    expect(await found('zebrafish answers:1 is:answer')).toEqual({ count: 0, list: [] });
    await s.db.updateTable('question').set({ vote_count: 5 }).where('id', '=', q.volumes).execute();
    await s.db.updateTable('answer').set({ vote_count: -2 }).where('id', '=', a.nginx).execute();
    expect(ids(await found('zebrafish score:3'))).toEqual([q.volumes]);
    expect(ids(await found('zebrafish score:0'))).toEqual([q.nginx, q.volumes].sort());
    expect(ids(await found('zebrafish score:-2'))).toEqual([q.nginx, q.volumes, a.nginx].sort());
    expect(kinds(await found('zebrafish is:answer'))).toEqual([`answer:${a.nginx}`]);
    expect(ids(await found('zebrafish is:question'))).toEqual([q.nginx, q.volumes].sort());
    // A pure filter query (no words) lists the newest first.
    expect(kinds(await found('is:question user:bob'))).toEqual([
      `question:${q.seabird}`,
      `question:${q.compose}`,
      `question:${q.volumes}`,
    ]);
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

  it('finds short words and common words too (MySQL: LIKE where its index has none)', async () => {
    expect(ids(await found('go channels'))).toEqual([q.go]);
    expect(ids(await found('for loop'))).toEqual([q.go]);
    expect(ids(await found('a loop'))).toEqual([q.go]);
    expect(ids(await found('"in a for loop"'))).toEqual([q.go]);
  });

  it('finds CJK words inside a run of characters (LIKE fallback), on the same visibility rules', async () => {
    expect(ids(await found('连接池'))).toEqual([q.cjk]);
    expect(ids(await found('数据库 配置'))).toEqual([q.cjk]);
    expect(ids(await found('连接池 nginx'))).toEqual([]);
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

  it('treats FTS and SQL syntax in the query as text', async () => {
    const hostile = [
      '"',
      '*',
      'zebra*',
      'NEAR(zebrafish upstream)',
      'zebrafish NEAR upstream',
      "'; drop table question; --",
      '%_',
      '%',
      '_',
      '-zebrafish',
      'zebrafish OR nothing',
      'title:zebrafish',
      '{title}:zebrafish',
      '^zebrafish',
      '"zebrafish',
      '\\',
      'zebrafish AND NOT nginx',
      '+zebrafish -nginx',
      '@zebrafish',
      '"a" "b" "c" "d"',
    ];
    for (const query of hostile) {
      const res = await s.search(query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(await found('%_')).toEqual({ count: 0, list: [] });
    expect(await found('*')).toEqual({ count: 0, list: [] });
    expect(await found('zebra*')).toEqual({ count: 0, list: [] });
    expect(ids(await found('NEAR(zebrafish upstream)'))).toEqual([]);
    expect(ids(await found('zebrafish -nginx'))).toEqual([q.nginx]);
    const all = await s.db.selectFrom('question').select('id').execute();
    expect(all.length).toBeGreaterThan(5);
  });

  it('gives an empty result for a query with nothing to search by', async () => {
    expect(await found('[]')).toEqual({ count: 0, list: [] });
    expect(await found('   ')).toEqual({ count: 0, list: [] });
  });

  it('refuses a missing, empty or overlong q, and a bad page, size or order, with 400 field errors', async () => {
    const missing = await s.call<unknown>({ method: 'GET', url: '/search' });
    expect(missing.status).toBe(400);
    const empty = await s.search('');
    expect(empty.status).toBe(400);
    const long = await s.search('x'.repeat(61));
    expect(long.status).toBe(400);
    expect(long.body.reason).toBe('base.request_format_error');
    expect(long.body.data).toEqual([{ error_field: 'q', error_msg: expect.any(String) }]);
    expect((await s.search('x'.repeat(60))).status).toBe(200);
    // A size above 50 is served as 50 (test/contract/paging.test.ts).
    expect((await s.search('zebrafish', { size: 51 })).status).toBe(200);
    expect((await s.search('zebrafish', { size: 0 })).status).toBe(400);
    expect((await s.search('zebrafish', { page: 0 })).status).toBe(400);
    expect((await s.search('zebrafish', { order: 'hot' })).status).toBe(400);
    const zh = await s.call<unknown>({
      method: 'GET',
      url: '/search',
      query: { q: 'x'.repeat(61) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).not.toBe(long.body.msg);
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
