// The question detail's constants and the cache edits its actions make (its reads are the question, answer,
// reason and user resources of shared-api; its writes are in ./writes.ts).
import { answerKeys } from '@agora/shared-api/resources/answer';
import { questionKeys } from '@agora/shared-api/resources/question';
import type { AnswerInfo, AnswerOrder, AnswerPage, QuestionInfo } from '@agora/shared-api/contract';
import type { QueryClient } from '@tanstack/react-query';

export type { AnswerInfo, AnswerOrder, QuestionInfo };

/** The answer sorts in display order; `default` = accepted first, then score (no `order` in the URL). */
export const ANSWER_ORDERS = ['default', 'updated', 'created', 'vote'] as const satisfies readonly AnswerOrder[];

/** Status values of posts as the server sends them. */
export const QUESTION_STATUS = { open: 1, closed: 2, deleted: 10 } as const;
export const ANSWER_STATUS = { deleted: 10 } as const;
export const PINNED = 2;
export const UNLISTED = 2;
export const ACCEPTED = 2;

export const hasId = (id: string | undefined | null): id is string => !!id && id !== '0';

/** Whether the next action needs a captcha (the `load` of the captcha gates). */
export { fetchActionRecord as actionRecord } from '@agora/shared-api';

/** Changes the cached question in place (votes, bookmark, follow). */
export function patchQuestion(client: QueryClient, id: string, patch: Partial<QuestionInfo>): void {
  client.setQueryData<QuestionInfo>(questionKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}

/** Changes one answer wherever it is cached: answer pages and the single focused answer. */
export function patchAnswer(client: QueryClient, questionId: string, answerId: string, patch: Partial<AnswerInfo>) {
  client.setQueriesData<AnswerPage | AnswerInfo>({ queryKey: answerKeys.ofQuestion(questionId) }, (old) => {
    if (!old) return old;
    if ('list' in old) {
      return { ...old, list: old.list.map((a) => (a.id === answerId ? { ...a, ...patch } : a)) };
    }
    return old.id === answerId ? { ...old, ...patch } : old;
  });
}
