import type { TagListOrder, TagPage, TagPageItem, TagSynonym } from '@agora/shared-api/contract';
import { sql, type Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { seconds } from '../../lib/time';
import { plainExcerpt } from '../question/text';
import { activityTypes } from '../reputation';
import { TAG_STATUS, type TagRow } from './edits';
import { likeEscape } from './service';

/** The tag list's page size when the request names none (the tag list screen asks for 20). */
export const TAG_PAGE_SIZE = 20;

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

/** Reads of the tag list, a tag and its synonyms (answer-api.md §2.7). */
export class TagReads {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Which of these tags `userId` follows. */
  async followed(userId: number | undefined, tagIds: string[]): Promise<Set<string>> {
    if (userId === undefined || tagIds.length === 0) return new Set();
    const follow = (await activityTypes(this.#db, ['tag.follow'])).get('tag.follow')!;
    const rows = await this.#db
      .selectFrom('activity')
      .select('object_id')
      .where('user_id', '=', userId)
      .where('activity_type', '=', follow)
      .where('cancelled', '=', 0)
      .where('object_id', 'in', tagIds)
      .execute();
    return new Set(rows.map((r) => r.object_id));
  }

  /**
   * GET tags/page: available main tags; `slug_name` matches a part of the slug or display name
   * (case-insensitive, wildcards taken literally). popular: most questions first; name: by slug;
   * newest: latest created first. A page past the end of a non-empty list is 404.
   */
  async page(query: TagPageRequest, viewerId: number | undefined): Promise<TagPage> {
    const page = query.page ?? 1;
    const size = query.page_size ?? TAG_PAGE_SIZE;
    const text = (query.slug_name ?? '').trim().toLowerCase();
    let base = this.#db.selectFrom('tag').where('status', '=', TAG_STATUS.available).where('main_tag_id', 'is', null);
    if (text !== '') {
      const pattern = `%${likeEscape(text)}%`;
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('slug_name')}) like ${pattern} escape '!'`,
          sql<boolean>`lower(${eb.ref('display_name')}) like ${pattern} escape '!'`,
        ]),
      );
    }
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const count = Number(counted.n);
    const offset = (page - 1) * size;
    if (count > 0 && offset >= count) throw new ApiFailure(404, 'base.request_format_error');
    let rows = base.selectAll();
    switch (query.query_cond ?? 'popular') {
      case 'name':
        rows = rows.orderBy('slug_name');
        break;
      case 'newest':
        rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');
        break;
      default:
        rows = rows.orderBy('question_count', 'desc').orderBy('slug_name');
    }
    const list = await rows.limit(size).offset(offset).execute();
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
      row = await this.#db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
    } else if (name) {
      row = await this.#db.selectFrom('tag').selectAll().where('slug_name', '=', name).executeTakeFirst();
    } else {
      throw ApiFailure.badRequest('error.tag.id_or_name_required');
    }
    if (row?.main_tag_id && row.status === TAG_STATUS.available) {
      row = await this.#db.selectFrom('tag').selectAll().where('id', '=', row.main_tag_id).executeTakeFirst();
    }
    if (!row) throw notFound();
    if (row.status !== TAG_STATUS.available && !(withDeleted && row.status === TAG_STATUS.deleted)) throw notFound();
    return row;
  }

  /** GET tag/synonyms: the available synonyms of a tag's main tag, by slug (404 for no available tag). */
  async synonyms(tagId: string): Promise<{ main: TagRow; synonyms: TagSynonym[] }> {
    const main = await this.find({ id: tagId }, false);
    const rows = await this.#db
      .selectFrom('tag')
      .select(['id', 'slug_name', 'display_name', 'main_tag_slug_name'])
      .where('main_tag_id', '=', main.id)
      .where('status', '=', TAG_STATUS.available)
      .orderBy('slug_name')
      .execute();
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
