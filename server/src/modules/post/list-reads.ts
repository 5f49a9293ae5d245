import type { TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The shared read model of post lists (question lists, search results, profiles): the tags of
 * questions, a tag's family and the people a list item names. Modules that list posts read them here
 * rather than through one another.
 */

export interface TagOfQuestion {
  object_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: number;
  reserved: number;
}

/** The tags of each question as posts show them (TagResp), in the order tagsOf read them. */
export function tagsByQuestion(tags: TagOfQuestion[]): Map<string, TagResp[]> {
  const byQuestion = new Map<string, TagResp[]>();
  for (const tag of tags) {
    const list = byQuestion.get(tag.object_id) ?? [];
    list.push({
      slug_name: tag.slug_name,
      display_name: tag.display_name,
      main_tag_slug_name: tag.main_tag_slug_name,
      recommend: tag.recommend === 1,
      reserved: tag.reserved === 1,
    });
    byQuestion.set(tag.object_id, list);
  }
  return byQuestion;
}

export interface OperatorRow {
  id: number;
  username: string;
  rank: number;
  display_name: string;
  status: number;
  mail_status: number;
  avatar: string;
}

/** The tags and people of listed posts, one statement each. */
export class PostListReads {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** A tag (by slug) and every tag of its family: its main tag, and the main tag's synonyms. */
  async tagFamily(slug: string): Promise<string[] | undefined> {
    const tag = await this.#db
      .selectFrom('tag')
      .select(['id', 'main_tag_id'])
      .where('slug_name', '=', slug)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!tag) return undefined;
    const main = tag.main_tag_id ?? tag.id;
    const synonyms = await this.#db
      .selectFrom('tag')
      .select('id')
      .where('main_tag_id', '=', main)
      .where('status', '=', 1)
      .execute();
    return [...new Set([tag.id, main, ...synonyms.map((s) => s.id)])];
  }

  /** The available tags of these questions, in the order they were attached. */
  async tagsOf(questionIds: string[]): Promise<TagOfQuestion[]> {
    if (questionIds.length === 0) return [];
    return this.#db
      .selectFrom('tag_rel')
      .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
      .select([
        'tag_rel.object_id',
        'tag.slug_name',
        'tag.display_name',
        'tag.main_tag_slug_name',
        'tag.recommend',
        'tag.reserved',
      ])
      .where('tag_rel.object_id', 'in', questionIds)
      .where('tag_rel.status', '=', 1)
      .where('tag.status', '=', 1)
      .orderBy('tag_rel.id')
      .execute();
  }

  async users(ids: number[]): Promise<OperatorRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('user')
      .select(['id', 'username', 'rank', 'display_name', 'status', 'mail_status', 'avatar'])
      .where('id', 'in', ids)
      .execute();
  }
}
