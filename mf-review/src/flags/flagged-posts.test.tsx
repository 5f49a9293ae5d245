import { notificationKeys } from '@agora/shared-api';
import { envelope } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API, flag } from '../test/fixtures';
import { alreadyReviewed, Queue, serveReview } from '../test/queue-server';
import { renderReview } from '../test/render';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

const CLOSE_REASONS = [
  {
    reason_key: 'r.duplicate',
    reason_type: 5,
    name: 'Duplicate',
    description: 'Asked before.',
    content_type: 'text',
    placeholder: 'Link',
  },
  {
    reason_key: 'r.off_topic',
    reason_type: 6,
    name: 'Off topic',
    description: 'Not about this site.',
    content_type: '',
    placeholder: '',
  },
];

/** The flag queue with its review route (a decision settles the flag); `answer` replaces the server's answer. */
function serve(flags: ReturnType<typeof flag>[], answer?: (body: Record<string, unknown>) => unknown) {
  const queue = new Queue('report/unreviewed/post', flags, (task) => task.flag_id);
  const http = serveReview(
    { flagged_post: queue },
    {
      [`PUT ${API}/report/review`]: (call: { body: unknown }) => {
        const body = call.body as Record<string, unknown>;
        if (answer) return answer(body);
        return queue.take(String(body.flag_id)) ? null : alreadyReviewed();
      },
      [`GET ${API}/reasons`]: (call: { query: URLSearchParams }) =>
        call.query.get('object_type') === 'question' && call.query.get('action') === 'close' ? CLOSE_REASONS : [],
    },
  );
  return { http, reviews: () => http.bodiesOf('PUT', `${API}/report/review`) };
}

const task = () => screen.findByRole('article', { name: /^Flagged/ });

describe('flagged posts', () => {
  it('shows the reason, the remark, who flagged and when, and the post in context', async () => {
    serve([flag(1, { object_status: 2, object_show_status: 2 })]);
    renderReview();
    const article = await task();
    expect(within(article).getByText('Spam')).toBeInTheDocument();
    expect(within(article).getByText('This post is an advertisement.')).toBeInTheDocument();
    expect(within(article).getByText('obvious advert')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Dave Flagger' })).toHaveAttribute('href', '/users/dave');
    expect(within(article).getByRole('link', { name: 'Spammy question 1' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(within(article).getByText('Buy cheap things at example.com now')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Carol Author' })).toBeInTheDocument();
    const badges = within(article).getByRole('list', { name: 'Status' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Closed', 'Unlisted']);
    // Closed and unlisted already: those two actions are not offered.
    const actions = within(article).getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Delete', 'Ignore', 'Skip']);
  });

  it('offers no close or unlist on an answer, and shows which question it answers', async () => {
    serve([flag(3, { object_type: 'answer', answer_id: '10020000000000003', object_id: '10020000000000003' })]);
    renderReview();
    const article = await screen.findByRole('article', { name: 'Flagged answer' });
    expect(within(article).getByText(/Answer to/)).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Spammy question 3' })).toHaveAttribute(
      'href',
      '/questions/10010000000000003/10020000000000003',
    );
    expect(within(article).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Unlist' })).not.toBeInTheDocument();
  });

  it.each([
    ['Ignore', 'ignore_report', 'Flag ignored'],
    ['Unlist', 'unlist_post', 'Question unlisted'],
  ])('%s sends %s and moves on, refreshing the badge', async (button, operation, toast) => {
    const { reviews } = serve([flag(1), flag(2)]);
    const { queryClient } = renderReview();
    queryClient.setQueryData(notificationKeys.status(), { inbox: 0, achievement: 0, revision: 2, can_revision: true });
    await userEvent.click(within(await task()).getByRole('button', { name: button }));
    expect(await screen.findByRole('link', { name: 'Spammy question 2' })).toBeInTheDocument();
    expect(reviews()).toEqual([{ flag_id: '10090000000000001', operation_type: operation }]);
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(queryClient.getQueryState(notificationKeys.status())?.isInvalidated).toBe(true);
  });

  it('deletes after a confirmation, and not without it', async () => {
    const { reviews } = serve([flag(1)]);
    renderReview();
    await userEvent.click(within(await task()).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the flagged post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reviews()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the flagged post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(reviews()).toEqual([{ flag_id: '10090000000000001', operation_type: 'delete_post' }]);
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
  });

  it('closes with a reason and the remark that reason asks for', async () => {
    const { reviews } = serve([flag(1)]);
    renderReview();
    await userEvent.click(within(await task()).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close question' }));
    expect(await within(dialog).findByText('Please select a reason.')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Duplicate/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close question' }));
    expect(await within(dialog).findByText('Cannot be empty.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'https://example.com/q/1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close question' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(reviews()).toEqual([
      {
        flag_id: '10090000000000001',
        operation_type: 'close_post',
        close_type: 5,
        close_msg: 'https://example.com/q/1',
      },
    ]);
    expect(await screen.findByText('Question closed')).toBeInTheDocument();
  });

  it('edits the title, body and tags of a flagged question', async () => {
    const { reviews } = serve([flag(1)]);
    renderReview();
    await userEvent.click(within(await task()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the flagged post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title must be 6 to 150 characters.')).toBeInTheDocument();
    expect(reviews()).toEqual([]);

    await userEvent.type(title, ' and clean title');
    const body = within(dialog).getByRole('textbox', { name: 'Body' });
    await userEvent.clear(body);
    await userEvent.type(body, 'A question without the advert.');
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    await userEvent.clear(tags);
    await userEvent.type(tags, 'Shopping,  help');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No review tasks left')).toBeInTheDocument();
    expect(reviews()).toEqual([
      {
        flag_id: '10090000000000001',
        operation_type: 'edit_post',
        title: 'Short and clean title',
        content: 'A question without the advert.',
        tags: ['shopping', 'help'],
      },
    ]);
    expect(await screen.findByText('Post edited')).toBeInTheDocument();
  });

  it("edits only an answer's body, and shows the server's field errors on the form", async () => {
    const { reviews } = serve([flag(4, { object_type: 'answer', answer_id: '10020000000000004' })], () =>
      envelope([{ error_field: 'content', error_msg: 'Content is not allowed.' }], 400, 'error.object.invalid', 'Bad'),
    );
    renderReview();
    await userEvent.click(within(await task()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the flagged post' });
    expect(within(dialog).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Tags' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Content is not allowed.')).toBeInTheDocument();
    expect(reviews()).toEqual([
      { flag_id: '10090000000000004', operation_type: 'edit_post', content: 'Buy cheap things at example.com now' },
    ]);
  });
});
