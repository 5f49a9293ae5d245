// The comments' writes (one hook per action) and limits; their reads are shared-api's comment resource.
// A thread keeps the comments it shows in its own state: a write patches that state, no cache is refreshed.
import { api } from '@agora/shared-api';
import { userSearchQuery } from '@agora/shared-api/resources/profile';
import type {
  AddCommentBody,
  CaptchaAnswer,
  Comment,
  UpdateCommentBody,
  UpdatedComment,
  VoteResp,
} from '@agora/shared-api/contract';
import type { CaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation } from '@tanstack/react-query';

export type { Comment, CommentPage, UserBasicInfo } from '@agora/shared-api/contract';
export { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH } from '@agora/shared-api/contract';

/** The first page shows 3 comments (most votes first), each 'show more' 15 (oldest first). */
export const FIRST_PAGE_SIZE = 3;
export const MORE_PAGE_SIZE = 15;
export { MENTION_LIST_MAX } from '../common/mention';

/** The mention list reads people from here. */
export { userSearchQuery };

export const addComment = (body: AddCommentBody) => api.post<Comment>('comment', body);
export const updateComment = (body: UpdateCommentBody) => api.put<UpdatedComment>('comment', body);
export const deleteComment = (commentId: string, captcha: CaptchaAnswer = {}) =>
  api.delete<null>('comment', { comment_id: commentId, ...captcha });
/** Whether the next action needs a captcha (the `load` of the captcha gates). */
export { fetchActionRecord as actionRecord } from '@agora/shared-api';
/** Comments take up votes only; `cancel` takes the vote back. */
export const voteComment = (commentId: string, cancel: boolean, captcha: CaptchaAnswer = {}) =>
  api.post<VoteResp>('vote/up', { object_id: commentId, is_cancel: cancel, ...captcha });

export const useAddComment = () => useMutation({ mutationFn: addComment });
export const useEditComment = () => useMutation({ mutationFn: updateComment });
export const useDeleteComment = () =>
  useMutation({
    mutationFn: ({ id, captcha }: { id: string; captcha: CaptchaAnswer }) => deleteComment(id, captcha),
  });

/**
 * Vote a comment up or take the vote back (no captcha for that: the server checks 'vote' for new votes only).
 * `onVoted` runs once the server took it.
 */
export function useVoteComment(gate: CaptchaGate, onVoted: (comment: Comment, cancel: boolean) => void) {
  return useMutation({
    mutationFn: ({ comment, cancel }: { comment: Comment; cancel: boolean }) =>
      cancel
        ? voteComment(comment.comment_id, true).then((value) => ({ done: true as const, value }))
        : gate.run((captcha) => voteComment(comment.comment_id, false, captcha)),
    onSuccess: (outcome, { comment, cancel }) => {
      // Captcha dialog cancelled: the vote stays as it was.
      if (outcome.done) onVoted(comment, cancel);
    },
  });
}
