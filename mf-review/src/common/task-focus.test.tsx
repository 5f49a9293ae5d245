import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API, queuedPost } from '../test/fixtures';
import { Queue, serveReview } from '../test/queue-server';
import { renderReview } from '../test/render';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

function serve(count: number) {
  const queue = new Queue(
    'review/pending/post/page',
    Array.from({ length: count }, (_, i) => queuedPost(i + 1)),
    (post) => post.review_id,
  );
  serveReview(
    { queued_post: queue },
    {
      [`PUT ${API}/review/pending/post`]: (call: { body: unknown }) => {
        queue.take((call.body as { review_id: number }).review_id);
        return null;
      },
    },
  );
}

/** The heading of the task shown, once it is the one whose post is titled `title`. */
async function taskHeading(title: string) {
  await screen.findByRole('link', { name: title });
  return screen.getByRole('heading', { level: 2, name: 'Queued question' });
}

describe('the focus in the review queue', () => {
  it('leaves the focus alone on the first visit', async () => {
    serve(2);
    renderReview();
    const heading = await taskHeading('First question 1');
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).not.toHaveFocus();
  });

  it('moves to the next task’s heading after Approve, Reject and Skip, then to the message that none is left', async () => {
    serve(4);
    renderReview();
    const u = userEvent.setup();
    await taskHeading('First question 1');

    screen.getByRole('button', { name: 'Approve' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(async () => expect(await taskHeading('First question 2')).toHaveFocus());

    screen.getByRole('button', { name: 'Reject' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(async () => expect(await taskHeading('First question 3')).toHaveFocus());

    screen.getByRole('button', { name: 'Skip' }).focus();
    await u.keyboard(' ');
    await waitFor(async () => expect(await taskHeading('First question 4')).toHaveFocus());

    screen.getByRole('button', { name: 'Approve' }).focus();
    await u.keyboard('{Enter}');
    // The skipped task is still there: the queue has ended past it.
    await waitFor(() => expect(screen.getByText(/You have been through every task in this queue/)).toHaveFocus());
  }, 60_000);
});
