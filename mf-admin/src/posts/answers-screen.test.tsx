import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog, pick } from '../test/antd';
import { answer } from '../test/fixtures';
import { ADMIN, currentLocation, renderAdmin } from '../test/render';
import { excerptOf } from '../common/excerpt';
import AnswersScreen from './answers-screen';

function serve() {
  return mockFetch({
    [`GET ${ADMIN}/answer/page`]: { count: 2, list: [answer(1, { accepted: 2 }), answer(2, { status: 10 })] },
    [`PUT ${ADMIN}/answer/status`]: null,
  });
}

const table = () => screen.findByRole('region', { name: 'Answer list' });

describe('admin answers', () => {
  it('lists answers with their question, excerpt, timeline, votes, author and status', async () => {
    const http = serve();
    renderAdmin(AnswersScreen, '/admin/answers');
    const region = await table();
    const link = await within(region).findByRole('link', { name: 'Question number 1' });
    expect(link).toHaveAttribute('href', '/questions/10010000000000001/10020000000000001');
    expect(within(region).getByText('Try the manual for answer 1.')).toBeInTheDocument();
    expect(within(region).getByText('Accepted')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Timeline of the answer to Question number 1' })).toHaveAttribute(
      'href',
      '/posts/10010000000000001/10020000000000001/timeline',
    );
    expect(within(region).getByRole('link', { name: 'Answerer2' })).toHaveAttribute('href', '/admin/users/30002');
    // Answers have no answer count column, and no 'Closed' status.
    expect(within(region).queryByRole('columnheader', { name: 'Answers' })).not.toBeInTheDocument();
    await pick('Status of the answer to Question number 1', 'Deleted');
    const options = Array.from(document.querySelectorAll('.ant-select-item-option-content'), (o) => o.textContent);
    expect(options).toEqual(['Normal', 'Deleted']);
    expect(Object.fromEntries(http.calls.find((c) => c.path === `${ADMIN}/answer/page`)!.query)).toEqual({
      status: 'normal',
      page: '1',
      page_size: '20',
    });
  });

  it('filters by status and search through the address', async () => {
    const http = serve();
    renderAdmin(AnswersScreen, '/admin/answers');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search answers' }), 'answer:10020000000000002{Enter}');
    await waitFor(() =>
      expect(currentLocation()).toBe('/admin/answers?status=pending&query=answer%3A10020000000000002'),
    );
    await waitFor(() => {
      const last = http.calls.filter((c) => c.path === `${ADMIN}/answer/page`).at(-1)!;
      expect(last.query.get('status')).toBe('pending');
      expect(last.query.get('query')).toBe('answer:10020000000000002');
    });
  });

  it('deletes after confirmation and restores a deleted answer at once', async () => {
    const http = serve();
    renderAdmin(AnswersScreen, '/admin/answers');
    await table();
    const user = await pick('Status of the answer to Question number 1', 'Deleted');
    const dialog = await findDialog('Delete this answer?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/answer/status`)).toEqual([
        { answer_id: '10020000000000001', status: 'deleted' },
      ]),
    );
    expect(await screen.findByText('Answer deleted')).toBeInTheDocument();
    await pick('Status of the answer to Question number 2', 'Normal');
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/answer/status`)).toContainEqual({
        answer_id: '10020000000000002',
        status: 'available',
      }),
    );
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const http = mockFetch({
      [`GET ${ADMIN}/answer/page`]: () =>
        fail ? envelope(null, 404, 'base.not_found', 'Not found') : { count: 1, list: [answer(1)] },
    });
    renderAdmin(AnswersScreen, '/admin/answers');
    expect(await screen.findByText('Loading…')).toHaveAttribute('role', 'status');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This list could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Question number 1' })).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === `${ADMIN}/answer/page`)).toHaveLength(2);
  });

  it('makes a short plain excerpt of the markdown', () => {
    expect(excerptOf('# Title\n\n```js\ncode()\n```\nSee ![img](x.png) [docs](https://x)')).toBe('Title See docs');
    expect([...excerptOf('a'.repeat(300))]).toHaveLength(141);
  });
});
