import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import type { SearchSite } from './helpers';
import { ids, kinds, searchFound, searchPosts, type SearchPosts } from './search-posts';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(available)('GET search query syntax on $label', (target) => {
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
});
