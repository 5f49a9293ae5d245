import type { TagListOrder, TagPage, TagPageItem, TagSynonym } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { plainExcerpt } from '../../lib/text';
import { seconds } from '../../lib/time';
import { requiredConfigIds } from '../config/service';
import { resolveVisibleTag } from '../visibility/rule';
import { selectFollowed, selectSynonyms, selectTag, selectTagBySlug, selectTagPage } from './repository';
import { TAG_PAGE_SIZE, TAG_STATUS, type TagRow } from './table';

export interface TagPageRequest {
  page?: number | undefined;
  page_size?: number | undefined;
  slug_name?: string | undefined;
  query_cond?: TagListOrder | undefined;
}

/** A tag as the list and the tag page show it (TagPageItem's fields). */
export function tagItem(row: TagRow, isFollower: boolean): TagPageItem {
  const excerpt = plainExcerpt(row.parsed_text);
  return {
    tag_id: row.id,
    slug_name: row.slug_name,
    display_name: row.display_name,
    excerpt,
    description: excerpt,
    original_text: row.original_text,
    parsed_text: row.parsed_text,
    follow_count: Number(row.follow_count),
    question_count: Number(row.question_count),
    is_follower: isFollower,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
    recommend: Number(row.recommend) === 1,
    reserved: Number(row.reserved) === 1,
  };
}

/** Reads of the tag list, a tag and its synonyms. */
export class TagReads {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Which of these tags `userId` follows. */
  async followed(userId: number | undefined, tagIds: string[]): Promise<Set<string>> {
    if (userId === undefined || tagIds.length === 0) return new Set();
    const follow = (await requiredConfigIds(this.#db, ['tag.follow'])).get('tag.follow')!;
    return selectFollowed(this.#db, userId, follow, tagIds);
  }

  /**
   * GET tags/page: available main tags; `slug_name` matches a part of the slug or display name
   * (case-insensitive, wildcards taken literally). popular: most questions first; name: by slug;
   * newest: latest created first. A page past the end of a non-empty list is 404.
   */
  async page(query: TagPageRequest, viewerId: number | undefined): Promise<TagPage> {
    const page = query.page ?? 1;
    const size = query.page_size ?? TAG_PAGE_SIZE;
    const offset = (page - 1) * size;
    const { count, rows } = await selectTagPage(this.#db, {
      text: (query.slug_name ?? '').trim().toLowerCase(),
      order: query.query_cond ?? 'popular',
      offset,
      limit: size,
    });
    if (count > 0 && offset >= count) throw new ApiFailure(404, 'base.request_format_error');
    const list = await rows();
    const followed = await this.followed(
      viewerId,
      list.map((row) => row.id),
    );
    return { count, list: list.map((row) => tagItem(row, followed.has(row.id))) };
  }

  /**
   * The tag GET tag names (by id, or by slug, lower-cased): a synonym stands for its main tag. Deleted
   * tags only when `withDeleted`; anything else is 404 error.tag.not_found.
   */
  async find(query: { id?: string | undefined; name?: string | undefined }, withDeleted: boolean): Promise<TagRow> {
    const notFound = () => ApiFailure.notFound('error.tag.not_found');
    const id = query.id?.trim();
    const name = query.name?.trim().toLowerCase();
    let row: TagRow | undefined;
    if (id) {
      if (objectTypeOf(id) !== 'tag') throw notFound();
      row = await selectTag(this.#db, id);
    } else if (name) {
      row = await selectTagBySlug(this.#db, name);
    } else {
      throw ApiFailure.badRequest('error.tag.id_or_name_required');
    }
    const seen = await resolveVisibleTag(row, withDeleted, (mainId) => selectTag(this.#db, mainId));
    if (!seen) throw notFound();
    return seen;
  }

  /**
   * GET tag/synonyms: the available synonyms of a tag's main tag, by slug (404 for no tag the reader
   * may see). A deleted tag, to those who may see it (`withDeleted`), has none.
   */
  async synonyms(tagId: string, withDeleted = false): Promise<{ main: TagRow; synonyms: TagSynonym[] }> {
    const main = await this.find({ id: tagId }, withDeleted);
    if (main.status === TAG_STATUS.deleted) return { main, synonyms: [] };
    const rows = await selectSynonyms(this.#db, main.id);
    return {
      main,
      synonyms: rows.map((row) => ({
        tag_id: row.id,
        slug_name: row.slug_name,
        display_name: row.display_name,
        main_tag_slug_name: row.main_tag_slug_name,
      })),
    };
  }
}
