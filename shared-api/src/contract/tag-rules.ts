// Tag naming rules without TypeBox, so that light modules (the search syntax parser, part of the main
// entry every first page loads) can use them without pulling the schema library in.

/** A tag's display name and slug are at most 35 characters. */
export const TAG_NAME_MAX = 35;
/** Slugs use a-z, 0-9 and + # - . only. */
export const TAG_SLUG_PATTERN = '^[a-z0-9+#\\-.]{1,35}$';
