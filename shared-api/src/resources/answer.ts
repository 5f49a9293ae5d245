// Answers: keys and reads of GET answer/page and answer/info.
import { queryOptions } from '@tanstack/react-query';
import { api, FORM_SNAPSHOT } from '@agora/shared-api';
import type { AnswerOrder, AnswerPage, AnswerWithQuestion } from '../contract';

/** Answers a page of the question detail shows (the site's default page size). */
export const ANSWER_PAGE_SIZE = 15;

export const answerKeys = {
  all: ['answer'] as const,
  /** Every cached answer of one question: its answer pages and single answers. */
  ofQuestion: (questionId: string) => [...answerKeys.all, 'question', questionId] as const,
  page: (questionId: string, order: AnswerOrder, page: number) =>
    [...answerKeys.ofQuestion(questionId), 'page', { order, page }] as const,
  one: (questionId: string, answerId: string) => [...answerKeys.ofQuestion(questionId), 'one', answerId] as const,
  /** The copy an edit form works on (with its question). */
  edit: (id: string) => [...answerKeys.all, 'edit', id] as const,
};

export const answerPageQuery = (questionId: string, order: AnswerOrder, page: number) =>
  queryOptions({
    queryKey: answerKeys.page(questionId, order, page),
    queryFn: ({ signal }) =>
      api.get<AnswerPage>('answer/page', { question_id: questionId, order, page, page_size: ANSWER_PAGE_SIZE }, signal),
  });

/** One answer, for a link to an answer that is not on the page shown (its failure is not a page error). */
export const answerInfoQuery = (questionId: string, answerId: string) =>
  queryOptions({
    queryKey: answerKeys.one(questionId, answerId),
    queryFn: async ({ signal }) => (await api.get<AnswerWithQuestion>('answer/info', { id: answerId }, signal)).info,
    meta: { passingError: true },
  });

/** The answer to edit and its question (a missing one is the 404 page). */
export const answerToEditQuery = (id: string) =>
  queryOptions({
    queryKey: answerKeys.edit(id),
    queryFn: ({ signal }) => api.get<AnswerWithQuestion>('answer/info', { id }, signal),
    ...FORM_SNAPSHOT,
    meta: { allow404: true },
  });
