import type { Selectable } from 'kysely';
import type { TagTable } from '../../db/schema';

export { TAG_STATUS } from '../post/table';
export { TAG_SLUG } from '../post/tags';

export type TagRow = Selectable<TagTable>;

/** The columns tag lists and suggestions read. */
export const BRIEF_COLUMNS = [
  'id',
  'main_tag_id',
  'slug_name',
  'display_name',
  'recommend',
  'reserved',
  'question_count',
  'status',
] as const;

export type BriefRow = Pick<TagRow, (typeof BRIEF_COLUMNS)[number]>;

/** At most this many suggestions (the ask form shows 5 of them). */
export const TAG_SUGGESTIONS = 10;
/** Rows read for a prefix before synonyms fold into their main tags and the list is ordered. */
export const SUGGESTION_CANDIDATES = 50;
/** GET tags?tags=: at most this many slugs are looked up. */
export const TAGS_BY_SLUG_LIMIT = 50;
/** The tag list's page size when the request names none (the tag list screen asks for 20). */
export const TAG_PAGE_SIZE = 20;
/** Rows changed per statement when a synonym's links and follows move to its main tag. */
export const CHUNK = 500;
