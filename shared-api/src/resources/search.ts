// Search: keys and reads of GET search.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import { SEARCH_PAGE_SIZE, type SearchOrder, type SearchResp } from '@agora/shared-api/contract';

export interface SearchParams {
  /** The query as typed (the address's `q`); '' when absent. */
  q: string;
  order: SearchOrder;
  page: number;
}

/** What a search request carries for the captcha (in the query string for search). */
export interface SearchCaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  /** `attempt` counts the retries after a captcha refusal (each one a new request). */
  results: (q: string, order: SearchOrder, page: number, attempt: number) =>
    [...searchKeys.all, 'results', { q, order, page, attempt }] as const,
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
