// Search queries (answer-api.md §2.8 GET search; SPEC §2.1 /search?q=, §2.5 sorts).
import { api } from '@agora/shared-api';
import { SEARCH_PAGE_SIZE, type SearchOrder, type SearchResp, type TagInfo } from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';
import { pageHref, readListParams } from '../questions/list/list-params';

export type { SearchItem, SearchObject, SearchOrder, SearchResp } from '@agora/shared-api/contract';
export { SEARCH_PAGE_SIZE };

/** SPEC §2.5 search sorts in display order; relevance is the default. */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const satisfies readonly SearchOrder[];
export const DEFAULT_SEARCH_ORDER: SearchOrder = 'relevance';

export interface SearchParams {
  /** The query as typed (the address's `q`); '' when absent. */
  q: string;
  order: SearchOrder;
  page: number;
}

/** The address's `q`, `order` (unknown values mean relevance) and `page` (as the question list reads it). */
export function readSearchParams(search: URLSearchParams): SearchParams {
  const rawOrder = search.get('order') ?? '';
  const order = (SEARCH_ORDERS as readonly string[]).includes(rawOrder)
    ? (rawOrder as SearchOrder)
    : DEFAULT_SEARCH_ORDER;
  return { q: search.get('q') ?? '', order, page: readListParams(search).page };
}

/** A sort's link: the query kept, `page` dropped (SPEC §2.3). */
export function searchSortHref(pathname: string, search: URLSearchParams, order: SearchOrder): string {
  const params = new URLSearchParams(search);
  params.set('order', order);
  return pageHref(pathname, params, 1);
}

export { pageHref as searchPageHref };

/** What a search request carries for the captcha (answer-api.md §1.5: in the query for search). */
export interface SearchCaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  /** `attempt` counts the retries after a captcha refusal (each one a new request). */
  results: (q: string, order: SearchOrder, page: number, attempt: number) =>
    [...searchKeys.all, 'results', { q, order, page, attempt }] as const,
  tag: (slug: string) => [...searchKeys.all, 'tag', slug] as const,
};

/**
 * One page of results. Every search counts against the `search` action (a captcha after 20 in 60 s) and a
 * captcha answer is single use, so a page is asked once: no refetch on focus, fresh for five minutes.
 */
export const searchQuery = (
  { q, order, page }: SearchParams,
  { attempt, captcha }: { attempt: number; captcha: SearchCaptchaAnswer },
  enabled: boolean,
) =>
  queryOptions({
    queryKey: searchKeys.results(q, order, page, attempt),
    queryFn: ({ signal }) =>
      api.get<SearchResp>('search', { q, order, page, size: SEARCH_PAGE_SIZE, ...captcha }, signal),
    enabled,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The tag of a `[tag]`-only query (GET tag?name=), for its header card: a hint, failures show nothing. */
export const searchTagQuery = (slug: string) =>
  queryOptions({
    queryKey: searchKeys.tag(slug),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { name: slug }, signal),
    enabled: slug !== '',
    staleTime: 60_000,
    meta: { passingError: true },
  });
