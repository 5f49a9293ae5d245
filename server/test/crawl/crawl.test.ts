import { toShortId } from '@agora/shared-api/short-id';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { urlTitle } from '../../src/lib/text';
import { testDatabases } from '../db/databases';
import { questionBody } from '../question/helpers';
import { useSite } from '../support/site';

const { available } = await testDatabases();

const PEOPLE = {
  /** Enough reputation to ask, answer and create tags without review. */
  rich: { id: 13, roleId: 1, rank: 2000 },
  alice: { id: 11, roleId: 1, rank: 1 },
} as const;
const SITE = 'https://qa.example.com';
const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'item', 'entry'].includes(name),
});

/** The parts of the documents the tests read (a sitemap, an index, RSS, Atom, OpenSearch). */
interface Parsed {
  urlset: { url: { loc: string }[] };
  sitemapindex: { sitemap: { loc: string }[] };
  rss: { channel: { title: string; item: { title: string; link: string }[] } };
  feed: { title: string; entry: { id: string; title: string | { '#text': string }; author: { name: string } }[] };
  OpenSearchDescription: { ShortName: string; Url: { '@_type': string; '@_template': string }[] };
}

/** The document, after checking it is well-formed XML. */
function parse(body: string): Parsed {
  expect(XMLValidator.validate(body)).toBe(true);
  return xml.parse(body) as Parsed;
}

describe.each(available)('sitemaps, feeds and OpenSearch on $label', (target) => {
  const s = useSite(target, { members: PEOPLE });
  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const ask = async (overrides: Record<string, unknown> = {}) =>
    await s.must<{ id: string; title: string }>({
      method: 'POST',
      url: '/question',
      as: 'rich',
      payload: questionBody(overrides),
    });
  const questionLocs = async () => {
    const res = await get('/sitemap/questions-1.xml');
    expect(res.statusCode).toBe(200);
    return (parse(res.body).urlset.url as { loc: string }[]).map((u) => u.loc);
  };
  const permalink = async (mode: number) =>
    s.services.settings.set!('seo', { ...(await s.services.settings.get('seo')), permalink: mode });

  it('the index lists the site pages, the question and tag files; robots.txt points crawlers to it', async () => {
    await ask();
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const files = (parse(res.body).sitemapindex.sitemap as { loc: string }[]).map((f) => f.loc);
    expect(files).toEqual([
      `${SITE}/sitemap/pages.xml`,
      `${SITE}/sitemap/questions-1.xml`,
      `${SITE}/sitemap/tags-1.xml`,
    ]);
    const pages = parse((await get('/sitemap/pages.xml')).body).urlset.url.map((u: { loc: string }) => u.loc);
    expect(pages).toEqual([`${SITE}/`, `${SITE}/questions`, `${SITE}/tags`, `${SITE}/users`, `${SITE}/badges`]);
    const tags = parse((await get('/sitemap/tags-1.xml')).body).urlset.url.map((u: { loc: string }) => u.loc);
    expect(tags).toContain(`${SITE}/tags/support`);
    expect((await get('/robots.txt')).body).toMatch(/\nSitemap: https:\/\/qa\.example\.com\/sitemap\.xml\n$/);
    const seo = await s.services.settings.get('seo');
    const own = 'User-agent: *\nSitemap: https://cdn.example.org/map.xml\n';
    await s.services.settings.set!('seo', { ...seo, robots: own });
    expect((await get('/robots.txt')).body).toBe(own);
    await s.services.settings.set!('seo', seo);
  });

  it('a question is listed at once, by the link the permalink setting gives (all four forms)', async () => {
    const asked = await ask({ title: 'Where does the sitemap list a brand new question?' });
    const slug = urlTitle(asked.title);
    const short = toShortId(asked.id);
    const forms: [number, string][] = [
      [1, `${SITE}/questions/${asked.id}/${slug}`],
      [2, `${SITE}/questions/${asked.id}`],
      [3, `${SITE}/questions/${short}/${slug}`],
      [4, `${SITE}/questions/${short}`],
    ];
    for (const [mode, link] of forms) {
      await permalink(mode);
      expect(await questionLocs(), `permalink ${mode}`).toContain(link);
    }
    await permalink(2);
  });

  it('deleted, unlisted and queued questions are never listed; closed ones are', async () => {
    const ids = { deleted: '', unlisted: '', queued: '', closed: '' };
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = (await ask()).id;
    const state = { deleted: { status: 10 }, unlisted: { show: 2 }, queued: { status: 11 }, closed: { status: 2 } };
    for (const [key, values] of Object.entries(state))
      await s.db
        .updateTable('question')
        .set(values)
        .where('id', '=', ids[key as keyof typeof ids])
        .execute();
    const locs = await questionLocs();
    const listed = (id: string) => locs.some((loc) => loc === `${SITE}/questions/${id}`);
    expect(listed(ids.closed)).toBe(true);
    expect([listed(ids.deleted), listed(ids.unlisted), listed(ids.queued)]).toEqual([false, false, false]);
  });

  it('a crawler that holds the file gets 304 by ETag or date, and the new file once a question is asked', async () => {
    const first = await get('/sitemap/questions-1.xml');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    expect((await get('/sitemap/questions-1.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/sitemap/questions-1.xml', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    await ask();
    const changed = await get('/sitemap/questions-1.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('files the index does not list are 404 in the envelope', async () => {
    for (const url of [
      '/sitemap/questions-2.xml',
      '/sitemap/questions-0.xml',
      '/sitemap/users-1.xml',
      '/sitemap/pages',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body).reason, url).toBe('base.not_found');
    }
    // An encoded slash is refused before any route is matched (the canonical-path rule).
    expect((await get('/sitemap/..%2Fpages.xml')).statusCode).toBe(400);
  });

  it('RSS and Atom of the newest questions and of a tag: titles, links, authors, escaped', async () => {
    const hostile = await ask({
      title: 'Is <script>alert(1)</script> ]]> & "quoted" escaped?',
      tags: [{ slug_name: 'support' }],
    });
    const rss = await get('/feeds/questions.rss');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    const channel = parse(rss.body).rss.channel;
    expect(channel.title).toBe('Agora Test: newest questions');
    const item = channel.item.find((i) => i.link === `${SITE}/questions/${hostile.id}`);
    expect(item?.title).toBe(hostile.title);
    const atom = await get('/feeds/tags/support.atom');
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    const feed = parse(atom.body).feed;
    expect(feed.title).toBe('Agora Test: questions tagged support');
    const entry = feed.entry.find((e) => e.id === `${SITE}/questions/${hostile.id}`);
    const title = entry?.title;
    expect(typeof title === 'object' ? title['#text'] : title).toBe(hostile.title);
    expect(entry?.author.name).toBe('Rich');
    expect((await get('/feeds/tags/no-such-tag.rss')).statusCode).toBe(404);
    expect((await get('/feeds/tags/support.json')).statusCode).toBe(404);
  });

  it("a question's answers as a feed; a question a visitor may not see is 404, whoever asks", async () => {
    const question = await ask();
    await s.must({
      method: 'POST',
      url: '/answer',
      as: 'rich',
      payload: { question_id: question.id, content: 'Answer number one, in full.' },
    });
    const rss = await get(`/feeds/questions/${question.id}.rss`);
    expect(rss.statusCode).toBe(200);
    const items = parse(rss.body).rss.channel.item;
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toContain(question.title);
    expect((await get(`/feeds/questions/${toShortId(question.id)}.atom`)).statusCode).toBe(200);
    // A feed shows what a visitor sees, to anyone: staff see deleted questions on the site, not here.
    for (const change of [{ show: 2 }, { show: 1, status: 10 }, { status: 11 }]) {
      await s.db.updateTable('question').set(change).where('id', '=', question.id).execute();
      for (const as of [{}, { authorization: 'admin' }] as Record<string, string>[])
        expect((await get(`/feeds/questions/${question.id}.rss`, as)).statusCode, JSON.stringify(change)).toBe(404);
    }
  });

  it('OpenSearch names the site and its search page', async () => {
    const res = await get('/opensearch.xml');
    expect(res.headers['content-type']).toContain('application/opensearchdescription+xml');
    const doc = parse(res.body).OpenSearchDescription;
    expect(doc.ShortName).toBe('Agora Test');
    const html = (doc.Url as { '@_type': string; '@_template': string }[]).find((u) => u['@_type'] === 'text/html');
    expect(html?.['@_template']).toBe(`${SITE}/search?q={searchTerms}`);
  });

  it('a login-required site shows none of it without a session; a member gets it, never for shared caches', async () => {
    const login = await s.services.settings.get('login');
    await s.services.settings.set!('login', { ...login, login_required: true });
    try {
      for (const url of [
        '/sitemap.xml',
        '/sitemap/questions-1.xml',
        '/feeds/questions.rss',
        '/feeds/tags/support.atom',
        '/opensearch.xml',
      ]) {
        expect((await get(url)).statusCode, url).toBe(401);
        const member = await get(url, { authorization: 'alice' });
        expect(member.statusCode, url).toBe(200);
        expect(member.headers['cache-control'], url).toMatch(/^private/);
      }
    } finally {
      await s.services.settings.set!('login', login);
    }
    expect((await get('/feeds/questions.rss')).headers['cache-control']).toMatch(/^public/);
  });
});
