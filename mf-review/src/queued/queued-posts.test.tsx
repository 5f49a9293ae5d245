import { notificationKeys } from '@agora/shared-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API, queuedPost } from '../test/fixtures';
import { alreadyReviewed, Queue, serveReview } from '../test/queue-server';
import { renderReview } from '../test/render';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

function serve(posts: ReturnType<typeof queuedPost>[]) {
  const queue = new Queue('review/pending/post/page', posts, (post) => post.review_id);
  const http = serveReview(
    { queued_post: queue },
    {
      [`PUT ${API}/review/pending/post`]: (call: { body: unknown }) =>
        queue.take((call.body as { review_id: number }).review_id) ? null : alreadyReviewed(),
    },
  );
  return { reviews: () => http.bodiesOf('PUT', `${API}/review/pending/post`) };
}

describe('queued posts', () => {
  it('shows the post, its author and why it was queued', async () => {
    serve([queuedPost(1)]);
    renderReview();
    const article = await screen.findByRole('article', { name: 'Queued question' });
    expect(within(article).getByRole('link', { name: 'First question 1' })).toBeInTheDocument();
    expect(within(article).getByText('Buy cheap things at example.com now')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Carol Author' })).toHaveAttribute('href', '/users/carol');
    expect(within(article).getByText("A new account's first posts wait for review.")).toBeInTheDocument();
    expect(within(article).getByText(/Held by New member rule/)).toBeInTheDocument();
    expect(within(article).getByText('Pending review')).toBeInTheDocument();
    expect(within(article).getByRole('list', { name: 'Tags' })).toHaveTextContent('shopping');
  });

  it('names an unknown queueing reason in general words, never as a key', async () => {
    serve([queuedPost(1, { reason: 'review.reason.some_plugin_rule' })]);
    renderReview();
    const article = await screen.findByRole('article', { name: 'Queued question' });
    expect(within(article).getByText("The site's posting rules held this post for review.")).toBeInTheDocument();
    expect(article).not.toHaveTextContent('some_plugin_rule');
  });

  it.each([
    ['Approve', 'approve', 'Post approved'],
    ['Reject', 'reject', 'Post rejected'],
  ])('%s sends PUT review/pending/post and moves on', async (button, status, toast) => {
    const { reviews } = serve([queuedPost(1), queuedPost(2)]);
    const { queryClient } = renderReview();
    queryClient.setQueryData(notificationKeys.status(), { inbox: 0, achievement: 0, revision: 2, can_revision: true });
    queryClient.setQueryData(['question', 'list', { order: 'newest', page: 1 }], { count: 0, list: [] });
    const article = await screen.findByRole('article', { name: 'Queued question' });
    await userEvent.click(within(article).getByRole('button', { name: button }));
    expect(await screen.findByRole('link', { name: 'First question 2' })).toBeInTheDocument();
    expect(reviews()).toEqual([{ review_id: 1, status }]);
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByText('1 left')).toBeInTheDocument();
    expect(queryClient.getQueryState(notificationKeys.status())?.isInvalidated).toBe(true);
    // An approved question joins the lists: they are asked again.
    expect(queryClient.getQueryState(['question', 'list', { order: 'newest', page: 1 }])?.isInvalidated).toBe(true);
  });
});
