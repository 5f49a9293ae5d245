import { Type } from 'typebox';

// Paging of every list: the one definition of `page` and `page_size` that each
// paged query schema spreads in, so the bounds below hold for every list.

/**
 * The deepest page a list serves. A larger `page` is a 400 field error on `page`: nobody pages that
 * deep by hand, and the offset it asks for (up to 1 000 000 rows at 100 a page) stays a small,
 * safe integer for every database, where 10^20 used to overflow SQLite's integer type.
 */
export const PAGE_MAX = 10_000;
/** The largest page of most lists. */
export const PAGE_SIZE_MAX = 100;
/** Questions a list page of the site shows (its lists and the pages the server writes links for). */
export const QUESTION_PAGE_SIZE = 20;

/**
 * Schema keyword: a number above the schema's `maximum` is served as `maximum` instead of refused.
 * Clients ask for more than a list serves (Answer's UI asks `answer/page?page_size=999`); they get a
 * full page. The server's query validator applies it before checking the query.
 */
export const CLAMP_TO_MAXIMUM = 'x-clamp-to-maximum';

/** `page`: 1 to PAGE_MAX. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: PAGE_MAX });

/** A page size from 1; above `max` it is clamped to `max` (CLAMP_TO_MAXIMUM). */
export function PageSize(max: number = PAGE_SIZE_MAX) {
  return Type.Integer({ minimum: 1, maximum: max, [CLAMP_TO_MAXIMUM]: true });
}

/** `{page, page_size}`, both optional (absent: 1 and the list's default size), for a paged query. */
export function Paging(maxSize: number = PAGE_SIZE_MAX) {
  return { page: Type.Optional(PageNumber), page_size: Type.Optional(PageSize(maxSize)) };
}
