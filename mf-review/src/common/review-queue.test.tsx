import { envelope } from '@agora/shared-api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API, flag, queuedPost, questionEdit } from '../test/fixtures';
import { Queue, serveReview } from '../test/queue-server';
import { currentLocation, renderReview } from '../test/render';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

const queues = (edits: number, flags: number, queued: number) => ({
  suggested_post_edit: new Queue(
    'revisions/unreviewed',
    Array.from({ length: edits }, (_, i) => questionEdit(i + 1)),
    (t) => t.unreviewed_info.id,
  ),
  flagged_post: new Queue(
    'report/unreviewed/post',
    Array.from({ length: flags }, (_, i) => flag(i + 1)),
    (t) => t.flag_id,
  ),
  queued_post: new Queue(
    'review/pending/post/page',
    Array.from({ length: queued }, (_, i) => queuedPost(i + 1)),
    (t) => t.review_id,
  ),
});

describe('the review queue', () => {
  it('has a tab per kind the viewer may review, each with its to-do count', async () => {
    serveReview(queues(3, 120, 0));
    renderReview();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Queued posts',
      'Flagged posts 99+120 to do',
      'Suggested edits 33 to do',
    ]);
    // The first kind with work to do opens.
    expect(screen.getByRole('tab', { name: /Flagged posts/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('120 left')).toBeInTheDocument();
  });

  it('offers only the kinds reviewing/type names (a member with an audit privilege: suggested edits)', async () => {
    const all = queues(1, 1, 1);
    const http = serveReview({ suggested_post_edit: all.suggested_post_edit });
    renderReview();
    expect(await screen.findByRole('article', { name: 'Suggested edit to a question' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Suggested edits 11 to do']);
    expect(http.calls.map((c) => c.path)).not.toContain(`${API}/report/unreviewed/post`);
  });

  it('switches kinds from the tabs, by keyboard too, and keeps the kind in the address', async () => {
    serveReview(queues(1, 1, 1));
    renderReview('/review?type=suggested_post_edit');
    expect(await screen.findByRole('article', { name: 'Suggested edit to a question' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Queued posts/ }));
    expect(await screen.findByRole('article', { name: 'Queued question' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/review?type=queued_post');
    screen.getByRole('tab', { name: /Queued posts/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'Flagged question' })).toBeInTheDocument();
  });

  it("says 'No review tasks left' when the chosen queue is empty", async () => {
    serveReview(queues(0, 0, 0));
    renderReview();
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  });

  it("says 'No review tasks left' when the viewer may review nothing", async () => {
    serveReview({});
    renderReview();
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('updates the counts after a decision', async () => {
    const all = queues(0, 2, 0);
    serveReview(all, {
      [`PUT ${API}/report/review`]: (call: { body: unknown }) =>
        all.flagged_post.take((call.body as { flag_id: string }).flag_id) && null,
    });
    renderReview();
    const tab = await screen.findByRole('tab', { name: /Flagged posts/ });
    expect(tab).toHaveTextContent('2 to do');
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Flagged question' })).getByRole('button', { name: 'Ignore' }),
    );
    expect(await screen.findByText('1 left')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Flagged posts/ })).toHaveTextContent('1 to do');
  });

  it('offers to try again when the queue cannot be loaded', async () => {
    let fail = true;
    serveReview(
      {},
      {
        [`GET ${API}/reviewing/type`]: () =>
          fail ? envelope(null, 500, 'base.unknown', 'Oops') : [{ name: 'flagged_post', label: '', todo_amount: 0 }],
        [`GET ${API}/report/unreviewed/post`]: { count: 0, list: [] },
      },
    );
    renderReview();
    expect(await screen.findByText('The review queue could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
  });
});
