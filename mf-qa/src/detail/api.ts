// Question detail queries and the cache edits its actions make (answer-api.md §2.3, §2.4, §2.6, §2.10).
import { api } from '@agora/shared-api';
import type {
  AnswerInfo,
  AnswerOrder,
  AnswerPage,
  AnswerWithQuestion,
  InvitedUsers,
  QuestionInfo,
  QuestionPage,
  ReasonList,
  UserSearchResult,
} from '@agora/shared-api/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';

export type { AnswerInfo, AnswerOrder, QuestionInfo } from '@agora/shared-api/contract';

/** SPEC §9 default pagination size: answers per page. */
export const ANSWER_PAGE_SIZE = 15;

/** The answer sorts in display order; `default` = accepted first, then score (no `order` in the URL). */
export const ANSWER_ORDERS = ['default', 'updated', 'created', 'vote'] as const satisfies readonly AnswerOrder[];

/** Status values (answer-api.md §3). */
export const QUESTION_STATUS = { open: 1, closed: 2, deleted: 10 } as const;
export const ANSWER_STATUS = { deleted: 10 } as const;
export const PINNED = 2;
export const UNLISTED = 2;
export const ACCEPTED = 2;

export const hasId = (id: string | undefined | null): id is string => !!id && id !== '0';

export const detailKeys = {
  all: ['question-detail'] as const,
  question: (id: string) => [...detailKeys.all, 'question', id] as const,
  answers: (questionId: string) => [...detailKeys.all, 'answers', questionId] as const,
  answerPage: (questionId: string, order: AnswerOrder, page: number) =>
    [...detailKeys.answers(questionId), 'page', { order, page }] as const,
  answer: (questionId: string, answerId: string) => [...detailKeys.answers(questionId), 'one', answerId] as const,
  related: (id: string) => [...detailKeys.all, 'related', id] as const,
  invited: (id: string) => [...detailKeys.all, 'invited', id] as const,
  reasons: (objectType: string, action: string) => [...detailKeys.all, 'reasons', objectType, action] as const,
  people: (name: string) => [...detailKeys.all, 'people', name] as const,
};

/** The question (404 → the 404 page, SPEC §8). */
export const questionInfoQuery = (id: string) =>
  queryOptions({
    queryKey: detailKeys.question(id),
    queryFn: ({ signal }) => api.get<QuestionInfo>('question/info', { id }, signal),
    meta: { allow404: true },
  });

export const answerPageQuery = (questionId: string, order: AnswerOrder, page: number) =>
  queryOptions({
    queryKey: detailKeys.answerPage(questionId, order, page),
    queryFn: ({ signal }) =>
      api.get<AnswerPage>('answer/page', { question_id: questionId, order, page, page_size: ANSWER_PAGE_SIZE }, signal),
  });

/** One answer, for a link to an answer that is not on the page shown (its failure is not a page error). */
export const answerInfoQuery = (questionId: string, answerId: string) =>
  queryOptions({
    queryKey: detailKeys.answer(questionId, answerId),
    queryFn: async ({ signal }) => (await api.get<AnswerWithQuestion>('answer/info', { id: answerId }, signal)).info,
    meta: { passingError: true },
  });

export const relatedQuestionsQuery = (id: string) =>
  queryOptions({
    queryKey: detailKeys.related(id),
    queryFn: ({ signal }) => api.get<QuestionPage>('question/similar/tag', { question_id: id }, signal),
    staleTime: 60_000,
    meta: { passingError: true },
  });

export const invitedUsersQuery = (id: string) =>
  queryOptions({
    queryKey: detailKeys.invited(id),
    queryFn: async ({ signal }) => (await api.get<InvitedUsers | null>('question/invite', { id }, signal)) ?? [],
    meta: { passingError: true },
  });

export const reasonsQuery = (objectType: 'question' | 'answer' | 'comment', action: 'flag' | 'close') =>
  queryOptions({
    queryKey: detailKeys.reasons(objectType, action),
    queryFn: ({ signal }) => api.get<ReasonList>('reasons', { object_type: objectType, action }, signal),
    staleTime: 5 * 60_000,
  });

/** SPEC §5: at most 5 people suggested. */
export const PEOPLE_SUGGESTIONS = 5;

export const peopleSearchQuery = (name: string) =>
  queryOptions({
    queryKey: detailKeys.people(name),
    queryFn: async ({ signal }) =>
      ((await api.get<UserSearchResult | null>('user/info/search', { username: name }, signal)) ?? []).slice(
        0,
        PEOPLE_SUGGESTIONS,
      ),
    enabled: name.length > 0,
    staleTime: 30_000,
  });

/** Whether the next action needs a captcha (the `load` of the captcha gates). */
export { fetchActionRecord as actionRecord } from '@agora/shared-api';

/** Changes the cached question in place (votes, bookmark, follow). */
export function patchQuestion(client: QueryClient, id: string, patch: Partial<QuestionInfo>): void {
  client.setQueryData<QuestionInfo>(detailKeys.question(id), (old) => (old ? { ...old, ...patch } : old));
}

/** Changes one answer wherever it is cached: answer pages and the single focused answer. */
export function patchAnswer(client: QueryClient, questionId: string, answerId: string, patch: Partial<AnswerInfo>) {
  client.setQueriesData<AnswerPage | AnswerInfo>({ queryKey: detailKeys.answers(questionId) }, (old) => {
    if (!old) return old;
    if ('list' in old) {
      return { ...old, list: old.list.map((a) => (a.id === answerId ? { ...a, ...patch } : a)) };
    }
    return old.id === answerId ? { ...old, ...patch } : old;
  });
}
