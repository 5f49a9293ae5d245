// Question list queries (answer-api.md §2.3 GET question/page; SPEC §2.3, §9).
import { api } from '@agora/shared-api';
import type { QuestionOrder, QuestionPage } from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';

export type { QuestionOrder, QuestionPage, QuestionPageItem } from '@agora/shared-api/contract';

/** SPEC §9: question list page size. */
export const QUESTION_PAGE_SIZE = 20;

/** SPEC §2.5/§9 sort options in display order; `active` is the default. */
export const LIST_ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const DEFAULT_LIST_ORDER: ListOrder = 'active';

/**
 * The hot-questions side card: SPEC §9's popular-questions defaults, exactly (page_size 6, order
 * frequent, in_days 7). `frequent` is the server's linked-count order (answer-api.md §7); `hot` (the hot
 * score) would rank by activity instead, should the SPEC change.
 */
export const HOT_QUESTIONS = { order: 'frequent' as QuestionOrder, page_size: 6, in_days: 7 } as const;

export const questionKeys = {
  all: ['questions'] as const,
  /** `tag`: a tag page's questions (the tag's slug); absent on the question list. */
  page: (order: ListOrder, page: number, tag?: string) =>
    [...questionKeys.all, 'page', tag ? { order, page, tag } : { order, page }] as const,
  hot: () => [...questionKeys.all, 'hot'] as const,
};

/**
 * One page of the question list, or of a tag's questions when `tag` (a slug) is given. A page past the end
 * is 404 on the server: the 404 page (SPEC §8 allow404).
 */
export const questionPageQuery = (order: ListOrder, page: number, tag?: string) =>
  queryOptions({
    queryKey: questionKeys.page(order, page, tag),
    queryFn: ({ signal }) =>
      api.get<QuestionPage>(
        'question/page',
        { order, page, page_size: QUESTION_PAGE_SIZE, ...(tag ? { tag } : {}) },
        signal,
      ),
    meta: { allow404: true },
  });

export const hotQuestionsQuery = () =>
  queryOptions({
    queryKey: questionKeys.hot(),
    queryFn: ({ signal }) => api.get<QuestionPage>('question/page', { page: 1, ...HOT_QUESTIONS }, signal),
    staleTime: 60_000,
  });
