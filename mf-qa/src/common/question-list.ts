// The question list's sorts (a tag page lists its questions the same way).
export type { QuestionOrder, QuestionPage, QuestionPageItem } from '@agora/shared-api/contract';

/** The sort options in display order; `active` is the default. */
export const LIST_ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const DEFAULT_LIST_ORDER: ListOrder = 'active';
