// Comments: keys and reads of GET comment/page.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import type { CommentPage } from '../contract';

export interface CommentPageParams {
  objectId: string;
  /** The linked comment: the server puts it first on page 1 and on no other page. */
  commentId?: string;
  order: 'vote' | 'created_at';
  page: number;
  pageSize: number;
}

export const commentKeys = {
  all: ['comment'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  list: (p: CommentPageParams) =>
    [
      ...commentKeys.lists(),
      { object_id: p.objectId, comment_id: p.commentId ?? '', order: p.order, page: p.page, size: p.pageSize },
    ] as const,
};

/**
 * One page of GET comment/page. The linked comment goes with every page, so the server leaves it out of
 * all the others and shifts them consistently.
 */
export const commentPageQuery = (p: CommentPageParams) =>
  queryOptions({
    queryKey: commentKeys.list(p),
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
