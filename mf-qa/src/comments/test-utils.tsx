// Test helpers of the comments area: translations, comment rows, a logged-in user, rendering.
import { setAccessToken } from '@agora/shared-api';
import type { Comment, CommentMemberAction } from '@agora/shared-api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { NAMESPACE } from '../namespace';
import { Comments, type CommentsProps } from './comments';
import en_US from './i18n/en_US.json';
import zh_CN from './i18n/zh_CN.json';
import { TestRouter } from '@agora/shared-ui/testing';

// As expose/routes.tsx registers them: under `comments` in this remote's namespace.
i18next.addResourceBundle('en_US', NAMESPACE, { comments: en_US }, true, true);
i18next.addResourceBundle('zh_CN', NAMESPACE, { comments: zh_CN }, true, true);

export const QUESTION_ID = '10010000000000001';
export const COMMENT_PAGE = 'GET /answer/api/v1/comment/page';
export const COMMENT = '/answer/api/v1/comment';
export const USER_INFO = 'GET /answer/api/v1/user/info';
export const USER_SEARCH = 'GET /answer/api/v1/user/info/search';
export const VOTE_UP = 'POST /answer/api/v1/vote/up';

const action = (name: CommentMemberAction['action']): CommentMemberAction => ({
  action: name,
  name,
  type: name === 'edit' ? 'edit' : 'reason',
});
export const OWN_ACTIONS = [action('report'), action('edit'), action('delete')];

/** Comment number `n` as the server sends it (oldest first by number). */
export function commentRow(n: number, overrides: Partial<Comment> = {}): Comment {
  const user = overrides.username ?? `user${n}`;
  return {
    comment_id: `1007${String(n).padStart(13, '0')}`,
    created_at: 1_700_000_000 + n * 60,
    object_id: QUESTION_ID,
    vote_count: 0,
    is_vote: false,
    original_text: `Comment number ${n}`,
    parsed_text: `<p>Comment number ${n}</p>`,
    user_id: String(100 + n),
    username: user,
    user_display_name: `User ${n}`,
    user_avatar: '',
    user_status: 'normal',
    reply_user_id: '',
    reply_username: '',
    reply_user_display_name: '',
    reply_comment_id: '',
    reply_user_status: '',
    member_actions: [action('report')],
    ...overrides,
  };
}

/** Comments `from`..`to` (inclusive). */
export const commentRows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => commentRow(from + i));

/** A logged-in, activated user (the session marker plus what user/info answers). */
export function currentUser(username = 'me') {
  setAccessToken('test-token');
  return {
    id: '1',
    username,
    display_name: 'Me Myself',
    avatar: { type: 'system' },
    rank: 100,
    mail_status: 1,
    status: 'normal',
    role_id: 1,
    language: 'en_US',
  };
}

export function renderComments(props: Partial<CommentsProps> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TestRouter url={`/questions/${QUESTION_ID}`}>
        <Comments objectId={QUESTION_ID} objectType="question" questionId={QUESTION_ID} {...props} />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
