import { notificationKeys } from '@agora/shared-api';
import { envelope } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerEdit, API, questionEdit, tagEdit } from '../test/fixtures';
import { alreadyReviewed, Queue, serveReview } from '../test/queue-server';
import { currentLocation, renderReview } from '../test/render';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

const editQueue = (...tasks: ReturnType<typeof questionEdit>[]) =>
  new Queue('revisions/unreviewed', tasks, (task) => task.unreviewed_info.id);

/** The queue with its audit route: a decision takes the revision out (or answers 'already reviewed'). */
function serve(queue: Queue<ReturnType<typeof questionEdit>>) {
  return serveReview(
    { suggested_post_edit: queue },
    {
      [`PUT ${API}/revisions/audit`]: (call: { body: unknown }) =>
        queue.take((call.body as { id: string }).id) ? {} : alreadyReviewed(),
    },
  );
}

describe('suggested edits', () => {
  it('shows the editor, when, the summary, the object and the diff of title, tags and body', async () => {
    serve(editQueue(questionEdit(1), questionEdit(2)));
    renderReview();
    const task = await screen.findByRole('article', { name: 'Suggested edit to a question' });
    expect(within(task).getByRole('link', { name: 'Bob Editor' })).toHaveAttribute('href', '/users/bob');
    expect(within(task).getByText('clearer title')).toBeInTheDocument();
    expect(within(task).getByRole('link', { name: 'How to read file 1' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(within(task).getByText(/ago|\d{4}/, { selector: 'time' })).toBeInTheDocument();
    // The diff: words added and removed in the title and the body, the tag swapped.
    expect(within(task).getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    const added = [...task.querySelectorAll('ins')].map((node) => node.textContent);
    const removed = [...task.querySelectorAll('del')].map((node) => node.textContent);
    expect(added.join('|')).toMatch(/text/);
    expect(added.join('|')).toMatch(/files/);
    expect(removed.join('|')).toMatch(/io/);
    expect(screen.getByText('2 left')).toBeInTheDocument();
  });

  it('approves: PUT revisions/audit, a toast, then the next edit; the badge and the post are refreshed', async () => {
    const http = serve(editQueue(questionEdit(1), questionEdit(2)));
    const { queryClient } = renderReview();
    queryClient.setQueryData(notificationKeys.status(), { inbox: 0, achievement: 0, revision: 2, can_revision: true });
    queryClient.setQueryData(['question', 'detail', '10010000000000001'], { id: '10010000000000001' });
    await screen.findByRole('link', { name: 'How to read file 1' });

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('link', { name: 'How to read file 2' })).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${API}/revisions/audit`)).toEqual([{ id: '10060000000000001', operation: 'approve' }]);
    expect(await screen.findByText('Edit approved')).toBeInTheDocument();
    expect(screen.getByText('1 left')).toBeInTheDocument();
    expect(queryClient.getQueryState(notificationKeys.status())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['question', 'detail', '10010000000000001'])?.isInvalidated).toBe(true);
  });

  it('rejects an answer edit, then shows that no task is left', async () => {
    const http = serve(editQueue(answerEdit()));
    renderReview();
    const task = await screen.findByRole('article', { name: 'Suggested edit to an answer' });
    expect(within(task).queryByRole('heading', { name: 'Title' })).not.toBeInTheDocument();
    await userEvent.click(within(task).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${API}/revisions/audit`)).toEqual([{ id: '10060000000000007', operation: 'reject' }]);
    expect(await screen.findByText('Edit rejected')).toBeInTheDocument();
  });

  it("shows a tag edit's name and description changes, linking to the tag", async () => {
    const http = serve(editQueue(tagEdit()));
    renderReview();
    const task = await screen.findByRole('article', { name: 'Suggested edit to a tag' });
    expect(within(task).getByRole('link', { name: 'Node' })).toHaveAttribute('href', '/tags/node');
    expect(within(task).queryByRole('heading', { name: 'Tags' })).not.toBeInTheDocument();
    const added = [...task.querySelectorAll('ins')].map((node) => node.textContent).join('|');
    expect(added).toMatch(/\.js/);
    expect(added).toMatch(/JavaScript/);
    await userEvent.click(within(task).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${API}/revisions/audit`)).toEqual([{ id: '10060000000000008', operation: 'approve' }]);
  });

  it('keeps the buttons busy while the decision is sent', async () => {
    let release!: () => void;
    const queue = editQueue(questionEdit(1));
    serveReview(
      { suggested_post_edit: queue },
      {
        [`PUT ${API}/revisions/audit`]: () =>
          new Promise((resolve) => {
            release = () => resolve(queue.take('10060000000000001') && {});
          }),
      },
    );
    renderReview();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    await userEvent.click(approve);
    await waitFor(() => expect(approve).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();
    release();
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
  });

  it('skips to the next edit, and past the last one offers to start again', async () => {
    const http = serve(editQueue(questionEdit(1), questionEdit(2)));
    renderReview();
    await screen.findByRole('link', { name: 'How to read file 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('link', { name: 'How to read file 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText(/been through every task/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('link', { name: 'How to read file 1' })).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === `${API}/revisions/unreviewed`).map((c) => c.query.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '1',
    ]);
    expect(http.bodiesOf('PUT', `${API}/revisions/audit`)).toEqual([]);
    expect(currentLocation()).toBe('/review');
  });

  it('ends the queue as well when the server answers a page past the end with 404', async () => {
    const queue = editQueue(questionEdit(1));
    serveReview(
      { suggested_post_edit: queue },
      {
        [`GET ${API}/revisions/unreviewed`]: (call: { query: URLSearchParams }) =>
          call.query.get('page') === '1'
            ? queue.page(call as never)
            : envelope(null, 404, 'base.not_found', 'Not found'),
      },
    );
    const { shellErrors } = renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText(/been through every task/)).toBeInTheDocument();
    expect(shellErrors.map((e) => (e as { status: number }).status)).toEqual([404]);
  });

  it.each([
    ['already reviewed by someone else', alreadyReviewed],
    ['gone (404)', () => envelope(null, 404, 'error.review.not_found', 'Not found')],
  ])('says so when the task was %s and shows the next one', async (_case, answer) => {
    const queue = editQueue(questionEdit(1), questionEdit(2));
    serveReview(
      { suggested_post_edit: queue },
      {
        [`PUT ${API}/revisions/audit`]: () => {
          queue.take('10060000000000001'); // someone else got there first
          return answer();
        },
      },
    );
    const { shellErrors } = renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/already reviewed by someone else or no longer exists/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to read file 2' })).toBeInTheDocument();
    expect(screen.queryByText('Edit approved')).not.toBeInTheDocument();
    expect(shellErrors).toEqual([]);
  });
});
