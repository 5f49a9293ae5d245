// Tag naming rules without TypeBox, so that light modules (the search syntax parser, part of the main
// entry every first page loads) can use them without pulling the schema library in.

/** A tag's display name and slug are at most 35 characters. */
export const TAG_NAME_MAX = 35;
/**
 * Slugs use a-z, 0-9 and + # - . only, and are not `.` or `..`: a tag's page is /tags/{slug}, and those
 * two are path segments every browser and the server resolve away (/tags/.. is /).
 */
export const TAG_SLUG_PATTERN = '^(?!\\.{1,2}$)[a-z0-9+#\\-.]{1,35}$';
