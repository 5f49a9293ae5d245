import type { PostUserInfo } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { loadPostUsers } from '../question/posts';
import { SitemapService } from './sitemap';

/** The database reads of the crawl routes: the sitemaps, and the authors a feed of answers names. */
export class CrawlService {
  readonly sitemaps: SitemapService;
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
    this.sitemaps = new SitemapService(db);
  }

  authors(ids: readonly number[]): Promise<Map<number, PostUserInfo>> {
    return loadPostUsers(this.#db, ids);
  }
}
