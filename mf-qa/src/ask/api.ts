// The calls of the ask and edit screens (SPEC §7; answer-api.md §2.3, §2.4, §2.7, §2.9, §2.10, §1.5).
import { api, fetchActionRecord } from '@agora/shared-api';
import type {
  AnswerInfo,
  AnswerWithQuestion,
  CaptchaAnswer,
  PermissionMap,
  PostTagInput,
  QuestionAddBody,
  QuestionEditBody,
  QuestionEditResult,
  QuestionInfo,
  SimilarQuestion,
  TagBrief,
} from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';

export type { AnswerInfo, PostTagInput, QuestionInfo, SimilarQuestion, TagBrief };

export { EDIT_SUMMARY_MAX } from '@agora/shared-api/contract';

/** SPEC §9 and §5. */
export const TITLE_MAX = 150;
export const MAX_TAGS = 5;
export const MAX_SUGGESTIONS = 5;
export const ANSWER_MIN = 6;
export const TAG_SLUG_MAX = 35;
/** Duplicate-tag highlight (SPEC §9). */
export const DUPLICATE_HIGHLIGHT_MS = 2000;
/** Similar questions are asked for once the title has rested this long. */
export const SIMILAR_DEBOUNCE_MS = 400;
/** Tag suggestions are asked for once the search text has rested this long. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** POST question/answer: a question and its author's own answer at once. */
export type QuestionWithAnswerBody = QuestionAddBody & { answer_content: string; mention_username_list?: string[] };

/** PUT answer body (answer-api.md §2.4). */
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

/** Answer's GET question/similar is a bare array; tolerate a `{list}` page too. */
function similarList(data: unknown): SimilarQuestion[] {
  if (Array.isArray(data)) return data as SimilarQuestion[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as SimilarQuestion[]) : [];
}

export const askApi = {
  questionTags: (tag: string, signal?: AbortSignal) =>
    api.get<TagBrief[] | null>('question/tags', { tag }, signal).then((list) => list ?? []),
  similar: (title: string, signal?: AbortSignal) =>
    api.get<unknown>('question/similar', { title }, signal).then(similarList),
  permission: (action: string, signal?: AbortSignal) => api.get<PermissionMap>('permission', { action }, signal),
  render: (content: string) => api.post<string>('post/render', { content }),
  upload: (file: File) => {
    const body = new FormData();
    body.append('source', 'post');
    body.append('file', file, file.name);
    return api.request<string>('post', 'file', { body });
  },
  addQuestion: (body: QuestionAddBody) => api.post<QuestionInfo>('question', body),
  addQuestionWithAnswer: (body: QuestionWithAnswerBody) => api.post<AnswerWithQuestion>('question/answer', body),
  editQuestion: (body: QuestionEditBody) => api.put<QuestionEditResult>('question', body),
  editAnswer: (body: AnswerEditBody) => api.put<AnswerEditResult>('answer', body),
  actionRecord: fetchActionRecord,
};

export const askKeys = {
  all: ['ask'] as const,
  permission: (action: string) => [...askKeys.all, 'permission', action] as const,
  tags: (text: string) => [...askKeys.all, 'tags', text] as const,
  similar: (title: string) => [...askKeys.all, 'similar', title] as const,
  editCheck: (id: string) => [...askKeys.all, 'edit-check', id] as const,
  question: (id: string) => [...askKeys.all, 'question', id] as const,
  answer: (id: string) => [...askKeys.all, 'answer', id] as const,
};

/** GET permission?action=tag.add: may this user create a tag (answer-api.md §2.10). */
export const tagAddPermissionQuery = () =>
  queryOptions({
    queryKey: askKeys.permission('tag.add'),
    queryFn: ({ signal }) => askApi.permission('tag.add', signal).then((map) => map['tag.add'] ?? null),
    staleTime: 60_000,
  });

/**
 * GET revisions/edit/check?id before editing: null when the post may be edited now; a pending revision is
 * 400 error.revision.review_underway with err_type toast, which the shell shows as a toast.
 */
export const editCheckQuery = (id: string) =>
  queryOptions({
    queryKey: askKeys.editCheck(id),
    queryFn: ({ signal }) => api.get<null>('revisions/edit/check', { id }, signal),
    retry: false,
    // A post that is not there is the 404 page (and its title), not the edit screen's load failure.
    meta: { allow404: true },
    // Asked once each time an edit form opens; never again while the user is editing.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The question to edit (a missing one is the 404 page). */
export const questionToEditQuery = (id: string) =>
  queryOptions({
    queryKey: askKeys.question(id),
    queryFn: ({ signal }) => api.get<QuestionInfo>('question/info', { id }, signal),
    // Loaded fresh when the form opens, and left alone while it is being edited.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { allow404: true },
  });

/** The answer to edit and its question. */
export const answerToEditQuery = (id: string) =>
  queryOptions({
    queryKey: askKeys.answer(id),
    queryFn: ({ signal }) => api.get<AnswerWithQuestion>('answer/info', { id }, signal),
    // Loaded fresh when the form opens, and left alone while it is being edited.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { allow404: true },
  });
