/** A tag on a post's form: an existing tag, or a new one the server creates with the post (`isNew`). */
export interface ChosenTag {
  slug_name: string;
  display_name: string;
  reserved?: boolean;
  recommend?: boolean;
  isNew?: boolean;
}

/** A tag named by the site's write settings. */
export interface SettingTagRef {
  slug_name: string;
  display_name?: string;
}

export interface TagRules {
  /** Moderators and admins (role 3, 2) may use reserved tags. */
  canUseReserved: boolean;
  reserved: readonly SettingTagRef[];
  recommended: readonly SettingTagRef[];
}

export const sameSlug = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function isReserved(tag: ChosenTag, rules: TagRules): boolean {
  return !!tag.reserved || rules.reserved.some((r) => sameSlug(r.slug_name, tag.slug_name));
}

export function isRecommended(tag: ChosenTag, rules: TagRules): boolean {
  return !!tag.recommend || rules.recommended.some((r) => sameSlug(r.slug_name, tag.slug_name));
}

/** The tag search text loses its semicolons (they separate tags in the search syntax). */
export const cleanSearch = (text: string) => text.replace(/;/g, '');

/** A new tag's slug from what was typed: lower case, spaces as hyphens. */
export const slugOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

/** The characters a tag slug may hold. */
export const SLUG_PATTERN = /^[a-z0-9+#.-]+$/;

/** Tags per post, suggestions shown, and the longest tag slug. */
export const MAX_TAGS = 5;
export const MAX_SUGGESTIONS = 5;
export const TAG_SLUG_MAX = 35;
/** How long a tag chosen twice stays highlighted. */
export const DUPLICATE_HIGHLIGHT_MS = 2000;
/** Tag suggestions are asked for once the search text has rested this long. */
export const SUGGEST_DEBOUNCE_MS = 250;
