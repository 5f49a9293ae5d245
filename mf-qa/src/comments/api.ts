// Comment calls (answer-api.md §2.5, §2.6 comment votes, §2.2 user/info/search; SPEC §7, §9).
import { api } from '@agora/shared-api';
import type {
  AddCommentBody,
  CaptchaAnswer,
  Comment,
  CommentPage,
  UpdateCommentBody,
  UpdatedComment,
  UserBasicInfo,
  VoteResp,
} from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';

export type { Comment, CommentPage, UserBasicInfo } from '@agora/shared-api/contract';
export { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH } from '@agora/shared-api/contract';

/** SPEC §9: the first page shows 3 comments (most votes first), each 'show more' 15 (oldest first). */
export const FIRST_PAGE_SIZE = 3;
export const MORE_PAGE_SIZE = 15;
/** SPEC §9: the mention list shows at most 5 people. */
export const MENTION_LIST_MAX = 5;

export interface CommentPageParams {
  objectId: string;
  /** The linked comment: the server puts it first on page 1 and on no other page. */
  commentId?: string;
  order: 'vote' | 'created_at';
  page: number;
  pageSize: number;
}

export const commentKeys = {
  all: ['comments'] as const,
  page: (p: CommentPageParams) =>
    [
      ...commentKeys.all,
      'page',
      { object_id: p.objectId, comment_id: p.commentId ?? '', order: p.order, page: p.page, size: p.pageSize },
    ] as const,
  userSearch: (username: string) => ['users', 'search', username] as const,
};

/**
 * One page of GET comment/page. The linked comment goes with every page, so the server leaves it out of
 * all the others and shifts them consistently (server/src/modules/comment/service.ts).
 */
export const commentPageQuery = (p: CommentPageParams) =>
  queryOptions({
    queryKey: commentKeys.page(p),
    queryFn: ({ signal }) =>
      api.get<CommentPage>(
        'comment/page',
        {
          object_id: p.objectId,
          ...(p.commentId ? { comment_id: p.commentId } : {}),
          page: p.page,
          page_size: p.pageSize,
          query_cond: p.order,
        },
        signal,
      ),
    // A failing comment list must not take the whole question page down: the thread shows its own error.
    meta: { passingError: true },
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** GET user/info/search: people whose username or display name starts with `username` (mentions). */
export const userSearchQuery = (username: string) =>
  queryOptions({
    queryKey: commentKeys.userSearch(username),
    queryFn: ({ signal }) => api.get<UserBasicInfo[]>('user/info/search', { username }, signal),
    staleTime: 60_000,
    retry: false,
    // A failed suggestion list only means fewer suggestions.
    meta: { passingError: true },
  });

export const addComment = (body: AddCommentBody) => api.post<Comment>('comment', body);
export const updateComment = (body: UpdateCommentBody) => api.put<UpdatedComment>('comment', body);
export const deleteComment = (commentId: string, captcha: CaptchaAnswer = {}) =>
  api.delete<null>('comment', { comment_id: commentId, ...captcha });
/** Whether the next action needs a captcha (the `load` of the captcha gates). */
export { fetchActionRecord as actionRecord } from '@agora/shared-api';
/** Comments take up votes only (answer-api.md §2.6); `cancel` takes the vote back. */
export const voteComment = (commentId: string, cancel: boolean, captcha: CaptchaAnswer = {}) =>
  api.post<VoteResp>('vote/up', { object_id: commentId, is_cancel: cancel, ...captcha });
