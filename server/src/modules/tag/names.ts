import type { TagBrief } from '@agora/shared-api/contract';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { TAG_SLUG, TAGS_BY_SLUG_LIMIT, type BriefRow } from './table';

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

/** A slug as stored (trimmed, lower case), or the field failure of `field`. */
export function slugOf(raw: string, field = 'slug_name'): string {
  const slug = raw.trim().toLowerCase();
  if (!TAG_SLUG.test(slug)) throw ApiFailure.fields([{ field, reason: 'error.tag.slug_invalid' }]);
  return slug;
}

export function displayNameOf(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ApiFailure.fields([{ field: 'display_name', reason: 'error.tag.display_name_empty' }]);
  return name;
}

/** The wiki of a tag: its markdown and the HTML the server renders from it. */
export function wiki(text: string | undefined): { original_text: string; parsed_text: string } {
  const original = (text ?? '').trim();
  return { original_text: original, parsed_text: renderPostHtml(original) };
}

export function tagBrief(
  row: Pick<BriefRow, 'id' | 'slug_name' | 'display_name' | 'recommend' | 'reserved'>,
): TagBrief {
  return {
    tag_id: row.id,
    slug_name: row.slug_name,
    display_name: row.display_name,
    recommend: row.recommend === 1,
    reserved: row.reserved === 1,
  };
}

/** Splits a list into statements of at most CHUNK rows. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
