import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { DB } from '../../db/schema';
import { questionUrl } from '../question/info';
import { sitemapQuestions, sitemapStamp, sitemapTags, type SitemapStamp } from './repository';

/** URLs per sitemap file: the sitemaps protocol allows 50,000. */
export const SITEMAP_FILE_URLS = 50_000;
/** Sitemap files kept built (a file of 50,000 questions is a few megabytes). */
const KEPT_FILES = 4;

/** The lists every site has, in the `pages` file. */
const SITE_PAGES = ['/', '/questions', '/tags', '/users', '/badges'];

/** How the site writes its links: its address and the permalink setting. */
export interface LinkStyle {
  siteUrl: string;
  permalink: number;
}

/** A built sitemap file: its XML and when its newest entry changed (Unix ms; 0 when it has none). */
export interface SitemapFile {
  xml: string;
  lastModified: number;
}

/** `questions-3` → ['questions', 3]; anything else, null. */
export function parseSitemapName(name: string): { kind: 'questions' | 'tags' | 'pages'; n: number } | null {
  if (name === 'pages') return { kind: 'pages', n: 1 };
  const match = /^(questions|tags)-([1-9][0-9]{0,5})$/.exec(name);
  return match ? { kind: match[1] as 'questions' | 'tags', n: Number(match[2]) } : null;
}

const files = (count: number) => Math.max(1, Math.ceil(count / SITEMAP_FILE_URLS));
const newest = (rows: { updated_at: number }[]) => rows.reduce((max, row) => Math.max(max, row.updated_at), 0);
const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : undefined);

async function render(stream: SitemapStream | SitemapIndexStream, items: SitemapItemLoose[]): Promise<string> {
  Readable.from(items).pipe(stream);
  return (await streamToPromise(stream)).toString('utf8');
}

/**
 * The sitemap index and its files, built from the listed questions and tags. Each request compares
 * the database's fingerprint of what the sitemaps list (counts and newest change, one indexed read)
 * with the one a built file was made from, so a new question is listed at once and an unchanged site
 * is answered from memory; every process keeps its own copy, rebuilt the same way.
 */
export class SitemapService {
  readonly #db: Kysely<DB>;
  readonly #built = new Map<string, SitemapFile & { key: string }>();

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** The index: the site's pages, then the question files and the tag files. */
  async index(links: LinkStyle): Promise<SitemapFile> {
    const stamp = await sitemapStamp(this.#db);
    return this.#cached('index', links, stamp, async () => {
      const base = links.siteUrl.replace(/\/+$/, '');
      const entries: SitemapItemLoose[] = [{ url: `${base}/sitemap/pages.xml` }];
      for (let n = 1; n <= files(stamp.questions); n += 1)
        entries.push({ url: `${base}/sitemap/questions-${n}.xml`, lastmod: iso(stamp.questionsChanged) });
      if (stamp.tags > 0)
        for (let n = 1; n <= files(stamp.tags); n += 1)
          entries.push({ url: `${base}/sitemap/tags-${n}.xml`, lastmod: iso(stamp.tagsChanged) });
      return {
        xml: await render(new SitemapIndexStream(), entries),
        lastModified: Math.max(stamp.questionsChanged, stamp.tagsChanged),
      };
    });
  }

  /** One file of the index, or null for a file the index does not list. */
  async file(name: string, links: LinkStyle): Promise<SitemapFile | null> {
    const parsed = parseSitemapName(name);
    if (!parsed) return null;
    const stamp = await sitemapStamp(this.#db);
    const total = parsed.kind === 'questions' ? stamp.questions : parsed.kind === 'tags' ? stamp.tags : 1;
    if (parsed.n > files(total) || (parsed.kind === 'tags' && total === 0)) return null;
    return this.#cached(name, links, stamp, async () => {
      const offset = (parsed.n - 1) * SITEMAP_FILE_URLS;
      const base = links.siteUrl.replace(/\/+$/, '');
      let items: SitemapItemLoose[];
      let lastModified = 0;
      if (parsed.kind === 'pages') {
        items = SITE_PAGES.map((path) => ({ url: `${base}${path}` }));
      } else if (parsed.kind === 'questions') {
        const rows = await sitemapQuestions(this.#db, offset, SITEMAP_FILE_URLS);
        items = rows.map((row) => ({
          url: questionUrl(base, row.id, row.title, links.permalink),
          lastmod: iso(row.updated_at),
        }));
        lastModified = newest(rows);
      } else {
        const rows = await sitemapTags(this.#db, offset, SITEMAP_FILE_URLS);
        items = rows.map((row) => ({
          url: `${base}/tags/${encodeURIComponent(row.slug_name)}`,
          lastmod: iso(row.updated_at),
        }));
        lastModified = newest(rows);
      }
      return { xml: await render(new SitemapStream(), items), lastModified };
    });
  }

  async #cached(
    name: string,
    links: LinkStyle,
    stamp: SitemapStamp,
    build: () => Promise<SitemapFile>,
  ): Promise<SitemapFile> {
    const key = JSON.stringify([links.siteUrl, links.permalink, stamp]);
    const kept = this.#built.get(name);
    if (kept?.key === key) return kept;
    const built = { ...(await build()), key };
    this.#built.delete(name);
    this.#built.set(name, built);
    // The oldest built file goes first (a Map keeps insertion order); the index is cheap to rebuild.
    while (this.#built.size > KEPT_FILES) this.#built.delete(this.#built.keys().next().value!);
    return built;
  }
}
