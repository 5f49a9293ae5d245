import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '../test/antd';
import { CLOSE_REASONS, report, TIME } from '../test/fixtures';
import { ADMIN, currentLocation, renderAdmin, V1 } from '../test/render';
import FlagsScreen from './flags-screen';

vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock);

const PENDING = [
  report(1, { reason_content: 'clearly an advert' }),
  report(2, {
    object_type: 'answer',
    answer_id: '10020000000000002',
    object_id: '10020000000000002',
    object_status: 10,
  }),
];
const COMPLETED = [report(3, { status: 'completed', action: 'ignore_report', handled_at: TIME + 60 })];

function serve(review: unknown = null) {
  return mockFetch({
    [`GET ${ADMIN}/reports/page`]: ({ query }: { query: URLSearchParams }) =>
      query.get('status') === 'completed' ? { count: 1, list: COMPLETED } : { count: 2, list: PENDING },
    [`PUT ${V1}/report/review`]: review,
    [`GET ${V1}/reasons`]: CLOSE_REASONS,
  });
}

const table = () => screen.findByRole('region', { name: 'Flag list' });
const actions = (title: string) => screen.getByRole('group', { name: `Settle the flag on ${title}` });

describe('admin flags', () => {
  it('lists pending flags: content, reason, flagger, date, and the operations the post allows', async () => {
    const http = serve();
    renderAdmin(FlagsScreen, '/admin/flags');
    const region = await table();
    const link = await within(region).findByRole('link', { name: 'Flagged question 1' });
    expect(link).toHaveAttribute('href', '/questions/10010000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Buy cheap things')).toBeInTheDocument();
    expect(within(row).getByText('Spam')).toBeInTheDocument();
    expect(within(row).getByText('clearly an advert')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Flagger1' })).toHaveAttribute('href', '/admin/users/70001');
    expect(within(row).getByText('Mar 14, 2026 at 15:09')).toBeInTheDocument();
    expect(
      within(actions('Flagged question 1'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Close', 'Delete', 'Unlist', 'Ignore']);
    // An answer already deleted: no close, unlist nor delete.
    expect(within(region).getByRole('link', { name: 'Flagged question 2' })).toHaveAttribute(
      'href',
      '/questions/10010000000000002/10020000000000002',
    );
    expect(
      within(actions('Flagged question 2'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Ignore']);
    expect(Object.fromEntries(http.calls.find((c) => c.path === `${ADMIN}/reports/page`)!.query)).toEqual({
      status: 'pending',
      page: '1',
      page_size: '20',
    });
  });

  it('shows completed flags with what settled them, from the Completed tab in the address', async () => {
    const http = serve();
    renderAdmin(FlagsScreen, '/admin/flags');
    await table();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/flags?status=completed'));
    const region = await table();
    const row = (await within(region).findByRole('link', { name: 'Flagged question 3' })).closest('tr')!;
    expect(within(row).getByText('Ignored')).toBeInTheDocument();
    expect(within(row).getByText('Mar 14, 2026 at 15:10')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(
      http.calls
        .filter((c) => c.path === `${ADMIN}/reports/page`)
        .at(-1)!
        .query.get('status'),
    ).toBe('completed');
  });

  it('ignores a flag at once and refreshes the list', async () => {
    const http = serve();
    renderAdmin(FlagsScreen, '/admin/flags');
    await table();
    await within(actions('Flagged question 1')).findByRole('button', { name: 'Ignore' });
    await userEvent.setup().click(within(actions('Flagged question 1')).getByRole('button', { name: 'Ignore' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/report/review`)).toEqual([
        { flag_id: '50001', operation_type: 'ignore_report' },
      ]),
    );
    expect(await screen.findByText('Flag ignored')).toBeInTheDocument();
    await waitFor(() => expect(http.calls.filter((c) => c.path === `${ADMIN}/reports/page`)).toHaveLength(2));
  });

  it('closes with a close reason, and deletes only after a confirmation', async () => {
    const http = serve();
    renderAdmin(FlagsScreen, '/admin/flags');
    await table();
    const u = userEvent.setup();
    await u.click(within(actions('Flagged question 1')).getByRole('button', { name: 'Close' }));
    let dialog = await findDialog('Close the question');
    await u.click(await within(dialog).findByRole('radio', { name: /Off topic/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Close question' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/report/review`)).toEqual([
        { flag_id: '50001', operation_type: 'close_post', close_type: 6 },
      ]),
    );
    await u.click(within(actions('Flagged question 1')).getByRole('button', { name: 'Delete' }));
    dialog = await findDialog('Delete the flagged post?');
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/report/review`).at(-1)).toEqual({
        flag_id: '50001',
        operation_type: 'delete_post',
      }),
    );
  });

  it('edits the flagged question in place, checking it and showing the server’s field errors', async () => {
    let refuse = true;
    const http = serve(() =>
      refuse ? envelope([{ error_field: 'title', error_msg: 'This title is already used.' }], 400, 'error') : null,
    );
    renderAdmin(FlagsScreen, '/admin/flags');
    await table();
    const u = userEvent.setup();
    await u.click(within(actions('Flagged question 1')).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit the flagged post');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await u.clear(title);
    await u.type(title, 'Short');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title must be 6 to 150 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Add at least one tag.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${V1}/report/review`)).toEqual([]);
    await u.type(title, ' but fine now');
    await u.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'shopping');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This title is already used.')).toBeInTheDocument();
    refuse = false;
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post edited')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${V1}/report/review`).at(-1)).toEqual({
      flag_id: '50001',
      operation_type: 'edit_post',
      title: 'Short but fine now',
      content: 'Buy cheap things',
      tags: ['shopping'],
    });
  });

  it('says so when someone else settled the flag first', async () => {
    serve(() => envelope(null, 400, 'error.review.already_reviewed', 'Already reviewed'));
    renderAdmin(FlagsScreen, '/admin/flags');
    await table();
    await userEvent.setup().click(within(actions('Flagged question 1')).getByRole('button', { name: 'Unlist' }));
    expect(await screen.findByText('This flag was already handled.')).toBeInTheDocument();
  });
});
