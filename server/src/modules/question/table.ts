import type { Selectable } from 'kysely';
import type { QuestionTable, UserTable } from '../../db/schema';

export { PIN, QUESTION_STATUS, SHOW, TAG_REL } from '../post/table';

export type QuestionRow = Selectable<QuestionTable>;

/** The columns of an author or editor as posts show them. */
export const POST_USER_COLUMNS = [
  'id',
  'username',
  'rank',
  'display_name',
  'avatar',
  'website',
  'location',
  'language',
  'status',
  'mail_status',
  'suspended_until',
] as const;

export type PostUserRow = Pick<Selectable<UserTable>, (typeof POST_USER_COLUMNS)[number]>;

/** The meta key of a closed question's reason and remark. */
export const CLOSE_META_KEY = 'question.close.reason';
/** The reason whose remark must be a link to the original question. */
export const DUPLICATE_REASON_KEY = 'reason.a_duplicate';

/**
 * The tags a question revision names (ids or slugs: the snapshot of an ask lists tag objects, an edit
 * lists ids and new slugs), or undefined when the snapshot cannot be read.
 */
export function revisionTags(content: string | undefined): Set<string> | undefined {
  if (!content) return undefined;
  try {
    const tags = (JSON.parse(content) as { tags?: unknown }).tags;
    if (!Array.isArray(tags) || tags.length === 0) return undefined;
    const found = new Set<string>();
    for (const tag of tags) {
      if (typeof tag === 'string') found.add(tag);
      else if (tag && typeof tag === 'object' && typeof (tag as { slug_name?: unknown }).slug_name === 'string')
        found.add((tag as { slug_name: string }).slug_name);
    }
    return found.size ? found : undefined;
  } catch {
    return undefined;
  }
}

/** The invited user ids a question stores (JSON array of id strings; anything unreadable is none). */
export function invitedIds(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.map((v) => Number(v)).filter((v) => Number.isSafeInteger(v) && v > 0))];
  } catch {
    return [];
  }
}
