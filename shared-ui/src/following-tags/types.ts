/** A tag as the card shows it: GET tags/following and GET question/tags items fit (extra fields are ignored). */
export interface FollowedTag {
  slug_name: string;
  display_name: string;
}

/**
 * Tag suggestions for what the user typed (GET question/tags?tag=prefix). The card debounces the calls,
 * aborts stale ones through `signal` and shows at most MAX_TAG_SUGGESTIONS of the answer.
 */
export type TagSuggestLoader = (prefix: string, signal: AbortSignal) => Promise<readonly FollowedTag[]>;

/** At most 5 tag suggestions. */
export const MAX_TAG_SUGGESTIONS = 5;
/** PUT follow/tags accepts at most 100 slugs (FollowTagsBody). */
export const MAX_FOLLOWED_TAGS = 100;
/** Suggestions are asked for once the typed text has rested this long. */
export const SUGGEST_DEBOUNCE_MS = 250;

export const sameSlug = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const tagName = (tag: FollowedTag) => tag.display_name || tag.slug_name;
