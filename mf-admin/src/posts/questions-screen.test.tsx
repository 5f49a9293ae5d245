import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, currentLocation, renderAdmin, V1 } from '../test/render';
import { CLOSE_REASONS, question } from '../test/fixtures';
import { findDialog, pick } from '../test/antd';
import QuestionsScreen from './questions-screen';

const PAGE = `GET ${ADMIN}/question/page`;

function serve(list = [question(1), question(2, { status: 2 })], count = list.length) {
  return mockFetch({
    [PAGE]: { count, list },
    [`PUT ${ADMIN}/question/status`]: null,
    [`GET ${V1}/reasons`]: CLOSE_REASONS,
  });
}

const table = () => screen.findByRole('region', { name: 'Question list' });
const choose = (title: string, option: string) => pick(`Status of ${title}`, option);

describe('admin questions', () => {
  it('lists questions with links, votes, answers, author, date and status', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions');
    expect(screen.getByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
    const region = await table();
    expect(await within(region).findByRole('link', { name: 'Question number 1' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(within(region).getByRole('link', { name: 'Timeline of Question number 1' })).toHaveAttribute(
      'href',
      '/posts/10010000000000001/timeline',
    );
    expect(within(region).getByRole('link', { name: 'Author1' })).toHaveAttribute('href', '/admin/users/20001');
    const row = within(region).getByRole('link', { name: 'Question number 2' }).closest('tr')!;
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText('Mar 14, 2026 at 15:09')).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    const call = http.calls.find((c) => c.path === `${ADMIN}/question/page`)!;
    expect(Object.fromEntries(call.query)).toEqual({ status: 'normal', page: '1', page_size: '20' });
  });

  it('keeps the status tab, the search and the page in the address and asks for them', async () => {
    const http = serve([question(1)], 45);
    renderAdmin(QuestionsScreen, '/admin/questions?page=2');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Deleted' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/questions?status=deleted'));
    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'question:10010000000000001{Enter}');
    await waitFor(() =>
      expect(currentLocation()).toBe('/admin/questions?status=deleted&query=question%3A10010000000000001'),
    );
    await user.click(await screen.findByRole('link', { name: 'Page 3' }));
    await waitFor(() => {
      const last = http.calls.filter((c) => c.path === `${ADMIN}/question/page`).at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        status: 'deleted',
        page: '3',
        page_size: '20',
        query: 'question:10010000000000001',
      });
    });
    const first = http.calls.find((c) => c.path === `${ADMIN}/question/page`)!;
    expect(first.query.get('page')).toBe('2');
  });

  it('asks page 1 for a page number out of range or not a number', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions?page=20000&status=bogus');
    await table();
    const call = http.calls.find((c) => c.path === `${ADMIN}/question/page`)!;
    expect(Object.fromEntries(call.query)).toEqual({ status: 'normal', page: '1', page_size: '20' });
  });

  it('does nothing when the current status is chosen again', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions');
    await table();
    await choose('Question number 1', 'Normal');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([]);
  });

  it('closes with a reason chosen from the close reasons, and not without one', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions');
    await table();
    const user = await choose('Question number 1', 'Closed');
    const dialog = await findDialog('Close the question');
    await user.click(within(dialog).getByRole('button', { name: 'Close question' }));
    expect(await within(dialog).findByText('Please select a reason.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([]);
    await user.click(await within(dialog).findByRole('radio', { name: /Off topic/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Close question' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([
        { question_id: '10010000000000001', status: 'closed', close_type: 6 },
      ]),
    );
    expect(await screen.findByText('Question closed')).toBeInTheDocument();
    const reasons = http.calls.find((c) => c.path === `${V1}/reasons`)!;
    expect(Object.fromEntries(reasons.query)).toEqual({ object_type: 'question', action: 'close' });
  });

  it('shows the server field error on the close remark', async () => {
    const http = mockFetch({
      [PAGE]: { count: 1, list: [question(1)] },
      [`GET ${V1}/reasons`]: CLOSE_REASONS,
      [`PUT ${ADMIN}/question/status`]: () =>
        envelope([{ error_field: 'close_msg', error_msg: 'Give the link of the original question.' }], 400, 'error'),
    });
    renderAdmin(QuestionsScreen, '/admin/questions');
    await table();
    const user = await choose('Question number 1', 'Closed');
    const dialog = await findDialog('Close the question');
    await user.click(await within(dialog).findByRole('radio', { name: /Duplicate/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Close question' }));
    expect(await within(dialog).findByText('Give the link of the original question.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Details' })).toHaveAttribute('aria-invalid', 'true');
    expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toHaveLength(1);
  });

  it('deletes only after the confirmation', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions');
    await table();
    let user = await choose('Question number 1', 'Deleted');
    let dialog = await findDialog('Delete this question?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([]);
    user = await choose('Question number 1', 'Deleted');
    dialog = await findDialog('Delete this question?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([
        { question_id: '10010000000000001', status: 'deleted' },
      ]),
    );
  });

  it('reopens a closed question at once', async () => {
    const http = serve();
    renderAdmin(QuestionsScreen, '/admin/questions');
    await table();
    await choose('Question number 2', 'Normal');
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/question/status`)).toEqual([
        { question_id: '10010000000000002', status: 'available' },
      ]),
    );
    expect(await screen.findByText('Question restored to normal')).toBeInTheDocument();
    // The list is asked again after the change.
    await waitFor(() => expect(http.calls.filter((c) => c.path === `${ADMIN}/question/page`)).toHaveLength(2));
  });
});
