import type { QuestionPage, SimilarQuestions, TagBriefList } from '@agora/shared-api/contract';
import { encodeShortId } from '@agora/shared-api/short-id';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { titleWords } from '../../src/modules/question/similar';
import { likeEscape, slugList } from '../../src/modules/tag/service';
import { testDatabases } from '../db/databases';
import { writeSite, type WriteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe('title words and tag slugs', () => {
  it('keeps the words that say what a title is about, longest first', () => {
    expect(titleWords('How do I configure the Nginx proxy in Docker?')).toEqual([
      'configure',
      'docker',
      'nginx',
      'proxy',
    ]);
    expect(titleWords('Why is C++ faster than node.js?')).toEqual(['node.js', 'faster', 'than', 'c++']);
    expect(titleWords('how to do it?')).toEqual([]);
    expect(titleWords('如何 配置 代理')).toEqual(['如何', '配置', '代理']);
  });

  it('escapes LIKE wildcards and reads comma lists of slugs', () => {
    expect(likeEscape('50%_off!')).toBe('50!%!_off!!');
    expect(slugList(' Go, rust ,,bad slug, go,c++')).toEqual(['go', 'rust', 'c++']);
  });
});

describe.each(available)('ask form helpers on $label', (target) => {
  let s: WriteSite;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await writeSite(target);
    for (const [slug, display] of [
      ['javascript', 'JavaScript'],
      ['java', 'Java'],
      ['jakarta', 'Jakarta EE'],
      ['kotlin', 'Kotlin'],
      ['percent', '100% sure'],
      ['docker', 'Docker'],
      ['nginx', 'Nginx'],
      ['linux', 'Linux'],
    ] as const) {
      ids[slug] = await s.tag(slug, { display_name: display });
    }
    ids.js = await s.tag('js', { main_tag_id: ids.javascript, main_tag_slug_name: 'javascript' });
    ids.jquery_old = await s.tag('jquery', { status: 10 });
    for (let i = 0; i < 12; i++) ids[`ja-${i}`] = await s.tag(`ja-${i}`);
    await s.db.updateTable('tag').set({ question_count: 5 }).where('slug_name', '=', 'javascript').execute();
    await s.db.updateTable('tag').set({ question_count: 9 }).where('slug_name', '=', 'jakarta').execute();
    const res = await s.admin({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: {
        recommend_tags: [{ slug_name: 'kotlin' }, { slug_name: 'java' }],
        reserved_tags: [{ slug_name: 'linux' }],
        required_tag: false,
      },
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  describe('GET question/tags', () => {
    const suggest = (tag: string | undefined, as: 'alice' | null = 'alice') =>
      s.call<TagBriefList>({
        method: 'GET',
        url: tag === undefined ? '/question/tags' : `/question/tags?tag=${encodeURIComponent(tag)}`,
        as: as ?? undefined,
      });

    it('needs a login', async () => {
      expect((await suggest('ja', null)).status).toBe(401);
    });

    it('without text gives the recommended tags', async () => {
      for (const text of [undefined, '', '  ']) {
        const res = await suggest(text);
        expect(res.status).toBe(200);
        expect(res.body.data.map((t) => t.slug_name).sort()).toEqual(['java', 'kotlin']);
        expect(res.body.data.every((t) => t.recommend && !t.reserved)).toBe(true);
      }
    });

    it('matches slug or display-name prefixes in any case: recommended first, then exact, then the most used; at most 10', async () => {
      const res = await suggest('JA');
      expect(res.status).toBe(200);
      const slugs = res.body.data.map((t) => t.slug_name);
      expect(slugs).toHaveLength(10);
      expect(slugs.slice(0, 3)).toEqual(['java', 'jakarta', 'javascript']);
      expect(slugs.slice(3).every((slug) => slug.startsWith('ja-'))).toBe(true);
      expect(res.body.data[0]).toEqual({
        tag_id: ids.java,
        slug_name: 'java',
        display_name: 'Java',
        recommend: true,
        reserved: false,
      });
      expect((await suggest('java')).body.data.map((t) => t.slug_name)).toEqual(['java', 'javascript']);
      // A display name that starts differently from its slug.
      expect((await suggest('100')).body.data.map((t) => t.slug_name)).toEqual(['percent']);
      expect((await suggest('lin')).body.data).toEqual([
        { tag_id: ids.linux, slug_name: 'linux', display_name: 'Linux', recommend: false, reserved: true },
      ]);
    });

    it('gives a synonym as its main tag, once; deleted tags never', async () => {
      const res = await suggest('js');
      expect(res.body.data.map((t) => t.slug_name)).toEqual(['javascript']);
      expect((await suggest('jq')).body.data).toEqual([]);
    });

    it('treats LIKE wildcards and semicolons as text', async () => {
      expect((await suggest('%')).body.data).toEqual([]);
      expect((await suggest('_')).body.data).toEqual([]);
      expect((await suggest('100%')).body.data.map((t) => t.slug_name)).toEqual(['percent']);
      expect((await suggest('kot;lin')).body.data.map((t) => t.slug_name)).toEqual(['kotlin']);
    });

    it('refuses a text longer than a tag with 400', async () => {
      const res = await suggest('x'.repeat(36));
      expect(res.status).toBe(400);
      expect(res.body.reason).not.toBe('');
    });
  });

  describe('GET tags', () => {
    it('gives the tags of these slugs to anyone, in the order named, unknown ones left out', async () => {
      const res = await s.call<TagBriefList>({ method: 'GET', url: '/tags?tags=Kotlin,nope,docker,kotlin,bad%20one' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { tag_id: ids.kotlin, slug_name: 'kotlin', display_name: 'Kotlin', recommend: true, reserved: false },
        { tag_id: ids.docker, slug_name: 'docker', display_name: 'Docker', recommend: false, reserved: false },
      ]);
      expect((await s.call<TagBriefList>({ method: 'GET', url: '/tags?tags=' })).body.data).toEqual([]);
      expect((await s.call<TagBriefList>({ method: 'GET', url: '/tags?tags=jquery' })).body.data).toEqual([]);
    });

    it('refuses a request without tags, or an overlong one, with 400', async () => {
      expect((await s.call({ method: 'GET', url: '/tags' })).status).toBe(400);
      expect((await s.call({ method: 'GET', url: `/tags?tags=${'a,'.repeat(600)}` })).status).toBe(400);
    });
  });

  describe('GET question/similar', () => {
    const similar = (title: string, as: 'alice' | null = 'alice') =>
      s.call<SimilarQuestions>({
        method: 'GET',
        url: `/question/similar?title=${encodeURIComponent(title)}`,
        as: as ?? undefined,
      });

    beforeAll(async () => {
      await s.question('Configure nginx as a reverse proxy for docker', [ids.nginx!], { vote_count: 1 });
      await s.question('Nginx proxy returns 502', [ids.nginx!], { vote_count: 5 });
      await s.question('Docker volumes on Linux', [ids.docker!]);
      await s.question('Deleted nginx proxy docker question', [ids.nginx!], { status: 10 });
      await s.question('Hidden nginx proxy docker question', [ids.nginx!], { show: 2 });
      await s.question('Pending nginx proxy docker question', [ids.nginx!], { status: 11 });
      const closed = await s.question('Closed: nginx docker proxy setup', [ids.nginx!], { status: 2 });
      await s.db
        .updateTable('question')
        .set({ accepted_answer_id: '10020000000000999' })
        .where('id', '=', closed)
        .execute();
      for (let i = 0; i < 12; i++) await s.question(`Kubernetes cluster question ${i}`, []);
    });

    it('needs a login', async () => {
      expect((await similar('nginx proxy', null)).status).toBe(401);
    });

    it('orders by words shared with the title, then votes; never deleted, hidden or pending questions', async () => {
      const res = await similar('How to put Nginx as a proxy in front of Docker?');
      expect(res.status).toBe(200);
      const titles = res.body.data.map((q) => q.title);
      expect(titles).toEqual([
        'Configure nginx as a reverse proxy for docker',
        'Closed: nginx docker proxy setup',
        'Nginx proxy returns 502',
        'Docker volumes on Linux',
      ]);
      const closed = res.body.data[1]!;
      expect(closed).toMatchObject({
        status: 'closed',
        accepted_answer: true,
        url_title: 'closed-nginx-docker-proxy-setup',
      });
      expect(res.body.data[0]).toMatchObject({
        status: 'available',
        accepted_answer: false,
        view_count: 0,
        answer_count: 0,
      });
      expect(Object.keys(res.body.data[0]!).sort()).toEqual(
        [
          'accepted_answer',
          'answer_count',
          'collection_count',
          'follow_count',
          'id',
          'status',
          'title',
          'url_title',
          'view_count',
        ].sort(),
      );
    });

    it('gives at most 10, and nothing for a title of stop words only', async () => {
      expect((await similar('kubernetes cluster')).body.data).toHaveLength(10);
      expect((await similar('how do I')).body.data).toEqual([]);
      expect((await similar('100%_')).body.data).toEqual([]);
    });

    it('refuses a missing, empty or overlong title with 400', async () => {
      expect((await s.call({ method: 'GET', url: '/question/similar', as: 'alice' })).status).toBe(400);
      expect((await similar('')).status).toBe(400);
      expect((await similar('x'.repeat(151))).status).toBe(400);
    });
  });

  describe('GET question/similar/tag', () => {
    let subject: string;
    const expected: string[] = [];

    beforeAll(async () => {
      const [a, b, c] = [await s.tag('alpha'), await s.tag('beta'), await s.tag('gamma')];
      subject = await s.question('The subject question', [a, b, c]);
      const two = await s.question('Shares two tags', [a, b], { vote_count: 0 });
      const three = await s.question('Shares three tags', [a, b, c], { vote_count: -1 });
      const oneHigh = await s.question('Shares one tag, high score', [c], { vote_count: 7 });
      await s.question('Shares two tags but deleted', [a, b], { status: 10 });
      await s.question('Shares two tags but hidden', [a, b], { show: 2 });
      const closed = await s.question('Shares one tag, closed', [b], { status: 2, vote_count: 3 });
      expected.push(three, two, oneHigh, closed);
      for (let i = 0; i < 10; i++) await s.question(`Shares one tag ${i}`, [a]);
    });

    const related = (id: string) =>
      s.call<QuestionPage>({ method: 'GET', url: `/question/similar/tag?question_id=${id}` });

    it('gives questions sharing tags to anyone: most shared tags first, then score; at most 10', async () => {
      const res = await related(subject);
      expect(res.status).toBe(200);
      expect(res.body.data.count).toBe(10);
      expect(res.body.data.list).toHaveLength(10);
      expect(res.body.data.list.slice(0, 4).map((q) => q.id)).toEqual(expected);
      // The short form of the id names the same question.
      const short = await related(encodeShortId(subject)!);
      expect(short.body.data.list.map((q) => q.title)).toEqual(res.body.data.list.map((q) => q.title));
      const titles = res.body.data.list.map((q) => q.title);
      expect(titles).not.toContain('The subject question');
      expect(titles.some((t) => t.includes('deleted') || t.includes('hidden'))).toBe(false);
      expect(res.body.data.list[0]).toMatchObject({
        title: 'Shares three tags',
        url_title: 'shares-three-tags',
        vote_count: -1,
        tags: [
          expect.objectContaining({ slug_name: 'alpha' }),
          expect.objectContaining({ slug_name: 'beta' }),
          expect.objectContaining({ slug_name: 'gamma' }),
        ],
        operation_type: 'asked',
        operator: expect.objectContaining({ username: 'bob' }),
      });
    });

    it('an untagged question has none; an unknown one is 404, a malformed id 400', async () => {
      const lonely = await s.question('Nobody shares my tags', []);
      expect((await related(lonely)).body.data).toEqual({ count: 0, list: [] });
      const unknown = await related('10010000000099999');
      expect(unknown.status).toBe(404);
      expect(unknown.body.reason).toBe('error.question.not_found');
      expect((await related('not-an-id!')).status).toBe(400);
      expect((await s.call({ method: 'GET', url: '/question/similar/tag' })).status).toBe(400);
    });
  });
});
