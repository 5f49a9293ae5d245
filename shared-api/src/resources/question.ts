// Questions: keys and reads of GET question/info, question/page, question/similar(/tag), question/invite.
import { queryOptions } from '@tanstack/react-query';
import { api, FORM_SNAPSHOT } from '@agora/shared-api';
import { QUESTION_PAGE_SIZE } from '../contract/paging';
import type { InvitedUsers, QuestionInfo, QuestionOrder, QuestionPage, SimilarQuestion } from '../contract';

export { QUESTION_PAGE_SIZE } from '../contract/paging';

/**
 * The hot-questions side card: the popular-questions defaults (6 questions, `frequent` = most linked, asked
 * in the last 7 days). `hot` (the hot score) would rank by activity instead.
 */
export const HOT_QUESTIONS = { order: 'frequent' as QuestionOrder, page_size: 6, in_days: 7 } as const;

export const questionKeys = {
  all: ['question'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  /** `tag`: a tag page's questions (the tag's slug); absent on the question list. */
  list: (order: QuestionOrder, page: number, tag?: string) =>
    [...questionKeys.lists(), tag ? { order, page, tag } : { order, page }] as const,
  hot: () => [...questionKeys.all, 'hot'] as const,
  detail: (id: string) => [...questionKeys.all, 'detail', id] as const,
  /** The copy an edit form works on: loaded fresh when the form opens, apart from the page's copy. */
  edit: (id: string) => [...questionKeys.all, 'edit', id] as const,
  related: (id: string) => [...questionKeys.all, 'related', id] as const,
  similar: (title: string) => [...questionKeys.all, 'similar', title] as const,
  invited: (id: string) => [...questionKeys.all, 'invited', id] as const,
};

/**
 * One page of the question list, or of a tag's questions when `tag` (a slug) is given. A page past the end
 * is 404 on the server: the 404 page.
 */
export const questionPageQuery = (order: QuestionOrder, page: number, tag?: string) =>
  queryOptions({
    queryKey: questionKeys.list(order, page, tag),
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

/** The question (404 → the 404 page). */
export const questionInfoQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.detail(id),
    queryFn: ({ signal }) => api.get<QuestionInfo>('question/info', { id }, signal),
    meta: { allow404: true },
  });

/** The question to edit (a missing one is the 404 page). */
export const questionToEditQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.edit(id),
    queryFn: ({ signal }) => api.get<QuestionInfo>('question/info', { id }, signal),
    ...FORM_SNAPSHOT,
    meta: { allow404: true },
  });

export const relatedQuestionsQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.related(id),
    queryFn: ({ signal }) => api.get<QuestionPage>('question/similar/tag', { question_id: id }, signal),
    staleTime: 60_000,
    meta: { passingError: true },
  });

/** The server's GET question/similar is a bare array; tolerate a `{list}` page too. */
function similarList(data: unknown): SimilarQuestion[] {
  if (Array.isArray(data)) return data as SimilarQuestion[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as SimilarQuestion[]) : [];
}

/** GET question/similar?title=: questions like a title. */
export const fetchSimilarQuestions = (title: string, signal?: AbortSignal) =>
  api.get<unknown>('question/similar', { title }, signal).then(similarList);

/** Questions like a title being typed: only a hint, so a failure shows nothing. */
export const similarQuestionsQuery = (title: string) =>
  queryOptions({
    queryKey: questionKeys.similar(title),
    queryFn: ({ signal }) => fetchSimilarQuestions(title, signal),
    enabled: title !== '',
    staleTime: 30_000,
    meta: { passingError: true },
  });

export const invitedUsersQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.invited(id),
    queryFn: async ({ signal }) => (await api.get<InvitedUsers | null>('question/invite', { id }, signal)) ?? [],
    meta: { passingError: true },
  });
