// The writes of the ask and edit screens (add a question, with or without its answer; edit a question or an
// answer) and the limits their forms check.
import { api, fetchActionRecord } from '@agora/shared-api';
import type {
  AnswerInfo,
  AnswerWithQuestion,
  CaptchaAnswer,
  PostTagInput,
  QuestionAddBody,
  QuestionEditBody,
  QuestionEditResult,
  QuestionInfo,
  SimilarQuestion,
  TagBrief,
} from '@agora/shared-api/contract';

export type { AnswerInfo, PostTagInput, QuestionInfo, SimilarQuestion, TagBrief };

export { EDIT_SUMMARY_MAX } from '@agora/shared-api/contract';

/** The form's limits: title length and answer length. */
export const TITLE_MAX = 150;
export const ANSWER_MIN = 6;
/** Similar questions are asked for once the title has rested this long. */
export const SIMILAR_DEBOUNCE_MS = 400;

/** POST question/answer: a question and its author's own answer at once. */
export type QuestionWithAnswerBody = QuestionAddBody & { answer_content: string; mention_username_list?: string[] };

/** PUT answer body. */
export interface AnswerEditBody extends CaptchaAnswer {
  id: string;
  question_id: string;
  content: string;
  edit_summary?: string;
}

/** PUT answer's answer. */
export interface AnswerEditResult {
  wait_for_review: boolean;
}

export const askApi = {
  addQuestion: (body: QuestionAddBody) => api.post<QuestionInfo>('question', body),
  addQuestionWithAnswer: (body: QuestionWithAnswerBody) => api.post<AnswerWithQuestion>('question/answer', body),
  editQuestion: (body: QuestionEditBody) => api.put<QuestionEditResult>('question', body),
  editAnswer: (body: AnswerEditBody) => api.put<AnswerEditResult>('answer', body),
  actionRecord: fetchActionRecord,
};

/** The tag picker's limits, which the question form checks too. */
export { MAX_TAGS } from '../common/chosen-tags';
