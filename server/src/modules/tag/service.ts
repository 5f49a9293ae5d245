import type { SettingTag, TagBrief } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { TagEdits } from './edits';
import { tagBrief } from './names';
import { TagReads } from './reads';
import {
  selectAvailableBriefs,
  selectAvailableBriefsBySlugs,
  selectByPrefix,
  selectRecommended,
  setFlagExactly,
} from './repository';
import { TagSynonymEdits } from './synonyms';
import type { ResolvedSettingTags, SettingTagSource } from '../post/tags';
import { TAG_SLUG, TAG_SUGGESTIONS, type BriefRow } from './table';

export { likeEscape, slugList, tagBrief } from './names';
export { TAG_SLUG, TAG_SUGGESTIONS, TAGS_BY_SLUG_LIMIT } from './table';

export type { ResolvedSettingTags } from '../post/tags';

/**
 * Tags: suggestions for the ask form and the tag flags the write settings set here; the tag list, tag
 * page and synonyms in `reads`, tag writes in `edits`, synonym sets and merges in `synonyms`. The tags
 * of a post are planned and created through post-tags.ts.
 */
export class TagService implements SettingTagSource {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  readonly reads: TagReads;
  readonly edits: TagEdits;
  readonly synonyms: TagSynonymEdits;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.reads = new TagReads(db);
    this.edits = new TagEdits(db, this.#now);
    this.synonyms = new TagSynonymEdits(db, this.edits, this.#now);
  }

  /** Available main tags by id. */
  async #mains(ids: string[]): Promise<Map<string, BriefRow>> {
    const rows = await selectAvailableBriefs(this.#db, ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Rows with their synonyms replaced by their (available) main tags; synonyms of a gone main tag drop out. */
  async #folded(rows: BriefRow[]): Promise<BriefRow[]> {
    const mains = await this.#mains(rows.flatMap((row) => (row.main_tag_id ? [row.main_tag_id] : [])));
    const out: BriefRow[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const tag = row.main_tag_id ? mains.get(row.main_tag_id) : row;
      if (!tag || seen.has(tag.id)) continue;
      seen.add(tag.id);
      out.push(tag);
    }
    return out;
  }

  /**
   * GET question/tags?tag=: tags whose slug or display name starts with `prefix` (case-insensitive),
   * synonyms resolved to their main tag, recommended first, then an exact match, then the most used;
   * at most 10. An empty prefix gives the recommended tags.
   */
  async suggest(prefix: string): Promise<TagBrief[]> {
    const text = prefix.replace(/;/g, '').trim().toLowerCase();
    if (text === '') return (await selectRecommended(this.#db)).map(tagBrief);
    const exact = (tag: BriefRow) => tag.slug_name === text || tag.display_name.toLowerCase() === text;
    const tags = await this.#folded(await selectByPrefix(this.#db, text));
    tags.sort(
      (a, b) =>
        b.recommend - a.recommend ||
        Number(exact(b)) - Number(exact(a)) ||
        b.question_count - a.question_count ||
        a.slug_name.localeCompare(b.slug_name),
    );
    return tags.slice(0, TAG_SUGGESTIONS).map(tagBrief);
  }

  /** GET tags?tags=a,b: the available tags of these slugs, in the order named (unknown ones left out). */
  async bySlugs(slugs: string[]): Promise<TagBrief[]> {
    const rows = await selectAvailableBriefsBySlugs(this.#db, slugs);
    const bySlug = new Map(rows.map((row) => [row.slug_name, row]));
    return slugs.flatMap((slug) => {
      const row = bySlug.get(slug);
      return row ? [tagBrief(row)] : [];
    });
  }

  /** The tags a write setting names: main tags (synonyms folded) and the slugs that name none. */
  async resolve(list: SettingTag[]): Promise<ResolvedSettingTags> {
    const named = list.map((tag) => ({ given: tag.slug_name, slug: tag.slug_name.trim().toLowerCase() }));
    const valid = [...new Set(named.map((n) => n.slug).filter((slug) => TAG_SLUG.test(slug)))];
    const rows = await selectAvailableBriefsBySlugs(this.#db, valid);
    const mains = await this.#mains(rows.flatMap((row) => (row.main_tag_id ? [row.main_tag_id] : [])));
    const bySlug = new Map(rows.map((row) => [row.slug_name, row]));
    const tags: ResolvedSettingTags['tags'] = [];
    const missing: string[] = [];
    for (const { given, slug } of named) {
      const row = bySlug.get(slug);
      const tag = row?.main_tag_id ? mains.get(row.main_tag_id) : row;
      if (!tag) {
        if (!missing.includes(given)) missing.push(given);
        continue;
      }
      if (!tags.some((t) => t.id === tag.id))
        tags.push({ id: tag.id, slug_name: tag.slug_name, display_name: tag.display_name });
    }
    return { tags, missing };
  }

  /** Marks exactly these tags recommended and exactly these reserved (one transaction). */
  async setFlags(recommendIds: string[], reservedIds: string[]): Promise<void> {
    const now = this.#now();
    await writeTransaction(this.#db, async (trx) => {
      await setFlagExactly(trx, 'recommend', recommendIds, now);
      await setFlagExactly(trx, 'reserved', reservedIds, now);
    });
  }
}
