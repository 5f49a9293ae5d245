import type { SettingTag, TagBrief } from '@agora/shared-api/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { TagEdits } from './edits';
import { TagReads } from './reads';
import { RevisionReader } from './revisions';

/** Tag slugs: a-z, 0-9 and + # - . (SPEC §5), at most 35. */
export const TAG_SLUG = /^[a-z0-9+#\-.]{1,35}$/;
const AVAILABLE = 1;
/** At most this many suggestions (the ask form shows 5 of them). */
export const TAG_SUGGESTIONS = 10;
/** Rows read for a prefix before synonyms fold into their main tags and the list is ordered. */
const SUGGESTION_CANDIDATES = 50;
/** GET tags?tags=: at most this many slugs are looked up. */
export const TAGS_BY_SLUG_LIMIT = 50;

interface TagRow {
  id: string;
  main_tag_id: string | null;
  slug_name: string;
  display_name: string;
  recommend: number;
  reserved: number;
  question_count: number;
  status: number;
}

const COLUMNS = [
  'id',
  'main_tag_id',
  'slug_name',
  'display_name',
  'recommend',
  'reserved',
  'question_count',
  'status',
] as const;

export function tagBrief(row: Pick<TagRow, 'id' | 'slug_name' | 'display_name' | 'recommend' | 'reserved'>): TagBrief {
  return {
    tag_id: row.id,
    slug_name: row.slug_name,
    display_name: row.display_name,
    recommend: row.recommend === 1,
    reserved: row.reserved === 1,
  };
}

/** `text` for a LIKE pattern with `!` as the escape character (portable across the three databases). */
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** The slugs a comma-separated `tags` parameter names: trimmed, lower-cased, valid, each once. */
export function slugList(raw: string, limit = TAGS_BY_SLUG_LIMIT): string[] {
  const slugs = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => TAG_SLUG.test(s));
  return [...new Set(slugs)].slice(0, limit);
}

/** Tags the write settings name, checked against the tag table. */
export interface ResolvedSettingTags {
  /** The main tags named (synonyms folded into them), each once, in the order named. */
  tags: { id: string; slug_name: string; display_name: string }[];
  /** Slugs that name no available tag (or are not slugs at all), as given. */
  missing: string[];
}

/**
 * Tags (answer-api.md §2.7, §2.16): reads for the ask form and the tag flags the write settings set
 * here; the tag list, tag page and synonyms in `reads`, tag writes in `edits`, histories (GET
 * revisions) in `revisions`.
 */
export class TagService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  readonly reads: TagReads;
  readonly edits: TagEdits;
  readonly revisions: RevisionReader;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.reads = new TagReads(db);
    this.edits = new TagEdits(db, this.#now);
    this.revisions = new RevisionReader(db, this.reads);
  }

  /** Available main tags by id. */
  async #mains(ids: string[]): Promise<Map<string, TagRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('tag')
      .select(COLUMNS)
      .where('id', 'in', [...new Set(ids)])
      .where('status', '=', AVAILABLE)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Rows with their synonyms replaced by their (available) main tags; synonyms of a gone main tag drop out. */
  async #folded(rows: TagRow[]): Promise<TagRow[]> {
    const mains = await this.#mains(rows.flatMap((row) => (row.main_tag_id ? [row.main_tag_id] : [])));
    const out: TagRow[] = [];
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
    if (text === '') {
      const rows = await this.#db
        .selectFrom('tag')
        .select(COLUMNS)
        .where('recommend', '=', 1)
        .where('status', '=', AVAILABLE)
        .where('main_tag_id', 'is', null)
        .orderBy('question_count', 'desc')
        .orderBy('slug_name')
        .limit(TAG_SUGGESTIONS)
        .execute();
      return rows.map(tagBrief);
    }
    const pattern = `${likeEscape(text)}%`;
    const rows = await this.#db
      .selectFrom('tag')
      .select(COLUMNS)
      .where('status', '=', AVAILABLE)
      .where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('slug_name')} like ${pattern} escape '!'`,
          sql<boolean>`lower(${eb.ref('display_name')}) like ${pattern} escape '!'`,
        ]),
      )
      .orderBy('recommend', 'desc')
      .orderBy('question_count', 'desc')
      .orderBy('slug_name')
      .limit(SUGGESTION_CANDIDATES)
      .execute();
    const exact = (tag: TagRow) => tag.slug_name === text || tag.display_name.toLowerCase() === text;
    const tags = await this.#folded(rows);
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
    if (slugs.length === 0) return [];
    const rows = await this.#db
      .selectFrom('tag')
      .select(COLUMNS)
      .where('slug_name', 'in', slugs)
      .where('status', '=', AVAILABLE)
      .execute();
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
    const rows = valid.length
      ? await this.#db
          .selectFrom('tag')
          .select(COLUMNS)
          .where('slug_name', 'in', valid)
          .where('status', '=', AVAILABLE)
          .execute()
      : [];
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
      for (const [flag, ids] of [
        ['recommend', recommendIds],
        ['reserved', reservedIds],
      ] as const) {
        let clear = trx
          .updateTable('tag')
          .set({ [flag]: 0, updated_at: now })
          .where(flag, '=', 1);
        if (ids.length) clear = clear.where('id', 'not in', ids);
        await clear.execute();
        if (ids.length)
          await trx
            .updateTable('tag')
            .set({ [flag]: 1, updated_at: now })
            .where('id', 'in', ids)
            .where(flag, '=', 0)
            .execute();
      }
    });
  }
}
