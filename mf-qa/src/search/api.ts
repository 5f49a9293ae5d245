// The search screen's address: its query, sort and page (the results are shared-api's search resource).
import { type SearchParams } from '@agora/shared-api/resources/search';
import { SEARCH_PAGE_SIZE, type SearchOrder } from '@agora/shared-api/contract';
import { pageHref, readListParams } from '../common/list-params';

export type { SearchItem, SearchObject, SearchOrder, SearchResp } from '@agora/shared-api/contract';
export { SEARCH_PAGE_SIZE };

/** The search sorts in display order; relevance is the default. */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const satisfies readonly SearchOrder[];
export const DEFAULT_SEARCH_ORDER: SearchOrder = 'relevance';

export type { SearchCaptchaAnswer, SearchParams } from '@agora/shared-api/resources/search';

/** The address's `q`, `order` (unknown values mean relevance) and `page` (as the question list reads it). */
export function readSearchParams(search: URLSearchParams): SearchParams {
  const rawOrder = search.get('order') ?? '';
  const order = (SEARCH_ORDERS as readonly string[]).includes(rawOrder)
    ? (rawOrder as SearchOrder)
    : DEFAULT_SEARCH_ORDER;
  return { q: search.get('q') ?? '', order, page: readListParams(search).page };
}

/** A sort's link: the query kept, `page` dropped. */
export function searchSortHref(pathname: string, search: URLSearchParams, order: SearchOrder): string {
  const params = new URLSearchParams(search);
  params.set('order', order);
  return pageHref(pathname, params, 1);
}

export { pageHref as searchPageHref };
