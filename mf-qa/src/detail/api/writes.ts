// The question detail's writes: one hook per action. Each refreshes what it changed by resource prefix (the
// question, the answers of the question, its invitations) or patches the cached copy in place.
import { api } from '@agora/shared-api';
import { answerKeys } from '@agora/shared-api/resources/answer';
import { questionKeys } from '@agora/shared-api/resources/question';
import type {
  AnswerOrder,
  AnswerPage,
  AnswerWithQuestion,
  CaptchaAnswer,
  CollectionSwitchResp,
  FollowResp,
  QuestionInfo,
  VoteResp,
} from '@agora/shared-api/contract';
import type { CaptchaGate, CaptchaGateResult } from '@agora/shared-ui/captcha';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnswerInfo } from './index';
import { patchQuestion } from './index';

/** The question and every answer of it, asked again after an operation on either. */
const refreshQuestion = (client: QueryClient, questionId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: questionKeys.detail(questionId) }),
    client.invalidateQueries({ queryKey: answerKeys.ofQuestion(questionId) }),
  ]);

/**
 * POST answer. The new answer shows at once at the end of the page being read (`order`, `page`); the counts
 * come back with the question. `onAdded` runs first (the form empties), `onShown` once the question is back.
 */
export function useAddAnswer(
  questionId: string,
  gate: CaptchaGate,
  callbacks: { onAdded(info: AnswerInfo): void; onShown(info: AnswerInfo): void; onError(error: unknown): void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content }: { content: string; order: AnswerOrder; page: number }) =>
      gate.run((captcha) => api.post<AnswerWithQuestion>('answer', { question_id: questionId, content, ...captcha })),
    onSuccess: async (outcome, { order, page }) => {
      // Captcha dialog cancelled: nothing was sent, the text stays.
      if (!outcome.done) return;
      const { info } = outcome.value;
      callbacks.onAdded(info);
      client.setQueryData<AnswerPage>(answerKeys.page(questionId, order, page), (old) =>
        old && !old.list.some((a) => a.id === info.id) ? { count: old.count + 1, list: [...old.list, info] } : old,
      );
      await client.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
      callbacks.onShown(info);
    },
    onError: callbacks.onError,
  });
}

/** POST answer/acceptance: accept `answerId`, or take the acceptance back with ''. */
export function useAcceptAnswer(questionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) => api.post('answer/acceptance', { question_id: questionId, answer_id: answerId }),
    onSuccess: () => refreshQuestion(client, questionId),
  });
}

export type PostOperation = 'delete' | 'undelete' | 'reopen' | 'pin' | 'unpin' | 'hide' | 'show';

/**
 * The operations of the action bar on a question or an answer. Deleting may need a captcha (`deleteGate`);
 * the others never do. `onOutcome` runs first (dialogs close, toasts); then the question is asked again.
 */
export function usePostOperation(
  { objectType, objectId, questionId }: { objectType: 'question' | 'answer'; objectId: string; questionId: string },
  deleteGate: CaptchaGate,
  onOutcome: (outcome: CaptchaGateResult<unknown>, action: PostOperation) => void,
) {
  const client = useQueryClient();
  const isQuestion = objectType === 'question';
  const send = (action: Exclude<PostOperation, 'delete'>): Promise<unknown> => {
    switch (action) {
      case 'undelete':
        return isQuestion
          ? api.post('question/recover', { question_id: objectId })
          : api.post('answer/recover', { answer_id: objectId });
      case 'reopen':
        return api.put('question/reopen', { question_id: objectId });
      default:
        return api.put('question/operation', { id: objectId, operation: action });
    }
  };
  return useMutation({
    mutationFn: async (action: PostOperation): Promise<CaptchaGateResult<unknown>> =>
      action === 'delete'
        ? deleteGate.run((captcha) => api.delete(isQuestion ? 'question' : 'answer', { id: objectId, ...captcha }))
        : { done: true, value: await send(action) },
    onSuccess: async (outcome, action) => {
      onOutcome(outcome, action);
      // Captcha dialog cancelled: nothing was deleted.
      if (outcome.done) await refreshQuestion(client, questionId);
    },
  });
}

/**
 * Close a question (PUT question/status) or flag a post or comment (POST report, which may need a captcha).
 * `content` is the remark the chosen reason asks for, when it asks for one.
 */
export function useReasonAction(
  { kind, objectId, questionId }: { kind: 'close' | 'report'; objectId: string; questionId?: string },
  gate: CaptchaGate,
  callbacks: { onDone(): void; onError(error: unknown): void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      reason,
      content,
    }: {
      reason: number | null;
      content?: string;
    }): Promise<CaptchaGateResult<unknown>> =>
      kind === 'close'
        ? {
            done: true,
            value: await api.put('question/status', {
              id: objectId,
              close_type: reason,
              ...(content !== undefined ? { close_msg: content } : {}),
            }),
          }
        : gate.run((captcha) =>
            api.post('report', {
              object_id: objectId,
              report_type: reason,
              ...(content !== undefined ? { content } : {}),
              ...captcha,
            }),
          ),
    // Captcha dialog cancelled: nothing was sent, the dialog stays as it was.
    onSuccess: (outcome) => {
      if (!outcome.done) return;
      callbacks.onDone();
      // A closed question shows its new state (only questions are closed: `objectId` is the question's);
      // a flagged question or answer shows that the member has flagged it.
      if (kind === 'close') void refreshQuestion(client, objectId);
      else if (questionId) void refreshQuestion(client, questionId);
    },
    onError: callbacks.onError,
  });
}

/**
 * Up and down votes on a question or an answer: choosing the active direction takes the vote back. A new vote
 * may need a captcha; taking one back never does. The caller shows the new count (`onVoted`).
 */
export function useVote(
  objectId: string,
  current: 'vote_up' | 'vote_down' | string,
  gate: CaptchaGate,
  onVoted: (result: VoteResp) => void,
) {
  return useMutation({
    mutationFn: (direction: 'up' | 'down') => {
      const cancel = current === (direction === 'up' ? 'vote_up' : 'vote_down');
      const send = (captcha: CaptchaAnswer) =>
        api.post<VoteResp>(`vote/${direction}`, { object_id: objectId, is_cancel: cancel, ...captcha });
      return cancel ? send({}).then((value) => ({ done: true as const, value })) : gate.run(send);
    },
    onSuccess: (outcome) => {
      // Captcha dialog cancelled: the vote stays as it was.
      if (outcome.done) onVoted(outcome.value);
    },
  });
}

/** POST collection/switch: bookmark the question or take the bookmark back; the cached question follows. */
export function useBookmarkQuestion(question: QuestionInfo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<CollectionSwitchResp | null>('collection/switch', {
        group_id: '0',
        object_id: question.id,
        bookmark: !question.collected,
      }),
    onSuccess: (data) =>
      patchQuestion(client, question.id, {
        collected: !question.collected,
        collection_count: data?.object_collection_count ?? question.collection_count,
      }),
  });
}

/** POST follow on the question (or stop following it); the cached question follows. */
export function useFollowQuestion(question: QuestionInfo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FollowResp>('follow', { object_id: question.id, is_cancel: question.is_followed }),
    onSuccess: (data) =>
      patchQuestion(client, question.id, { is_followed: data.is_followed, follow_count: data.follows }),
  });
}

/** PUT question/invite: the whole invited list (may need a captcha); the question's invitations are asked again. */
export function useInviteUsers(questionId: string, gate: CaptchaGate, onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (usernames: string[]) =>
      gate.run((captcha) => api.put('question/invite', { id: questionId, invite_user: usernames, ...captcha })),
    onSuccess: async (outcome) => {
      // Captcha dialog cancelled: nothing was saved, the choice stays open.
      if (!outcome.done) return;
      onSaved();
      await client.invalidateQueries({ queryKey: questionKeys.invited(questionId) });
    },
  });
}
