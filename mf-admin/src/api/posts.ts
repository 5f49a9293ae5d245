// Questions and answers as the admin lists them (GET question/page, answer/page) and their status changes.
import { adminApi } from '@agora/shared-api';
import type {
  AdminAnswerPage,
  AdminAnswerStatus,
  AdminAnswerStatusBody,
  AdminQuestionPage,
  AdminQuestionStatus,
  AdminQuestionStatusBody,
} from '@agora/shared-api/contract';
import { answerKeys } from '@agora/shared-api/resources/answer';
import { questionKeys } from '@agora/shared-api/resources/question';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export interface PostListFilter<S extends string> {
  status: S;
  page: number;
  /** A title fragment, or `question:<id>` / `answer:<id>`; '' for none. */
  query: string;
}

const params = ({ status, page, query }: PostListFilter<string>) => ({
  status,
  page,
  page_size: ADMIN_PAGE_SIZE,
  ...(query ? { query } : {}),
});

/** GET question/page (admin): one status, one page, an optional search. */
export const adminQuestionsQuery = (filter: PostListFilter<AdminQuestionStatus>) =>
  queryOptions({
    queryKey: [...adminKeys.questions(), filter] as const,
    queryFn: ({ signal }) => adminApi.get<AdminQuestionPage>('question/page', params(filter), signal),
    placeholderData: keepPreviousData,
  });

/** GET answer/page (admin). */
export const adminAnswersQuery = (filter: PostListFilter<AdminAnswerStatus>) =>
  queryOptions({
    queryKey: [...adminKeys.answers(), filter] as const,
    queryFn: ({ signal }) => adminApi.get<AdminAnswerPage>('answer/page', params(filter), signal),
    placeholderData: keepPreviousData,
  });

/** PUT question/status: reopen or restore (`available`), close (with a reason) or delete. */
export function useQuestionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminQuestionStatusBody) => adminApi.put<null>('question/status', body),
    onSuccess: () =>
      Promise.all(
        [adminKeys.questions(), adminKeys.answers(), adminKeys.dashboard(), questionKeys.all].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** PUT answer/status: restore (`available`) or delete. */
export function useAnswerStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAnswerStatusBody) => adminApi.put<null>('answer/status', body),
    onSuccess: () =>
      Promise.all(
        [adminKeys.answers(), adminKeys.questions(), adminKeys.dashboard(), answerKeys.all].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
