import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog, pick } from '../test/antd';
import { user } from '../test/fixtures';
import { ADMIN, renderAdmin } from '../test/render';
import { statusChoices } from './status-rules';
import UsersScreen from './users-screen';

const ROWS = [user(1), user(2, { status: 'suspended' }), user(3, { status: 'inactive' })];

function serve(put: unknown = null) {
  return mockFetch({
    [`GET ${ADMIN}/users/page`]: { count: ROWS.length, list: ROWS },
    [`PUT ${ADMIN}/user/status`]: put,
  });
}

/** Opens the status dialog of `name` through its row's action menu. */
async function openStatus(name: string) {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await u.click(await screen.findByRole('menuitem', { name: 'Change status' }));
  return { u, dialog: await findDialog(`Change the status of ${name}`) };
}

const offered = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')!.textContent);

describe('user status rules', () => {
  it('offers every status from normal, no suspended or deleted from inactive, no inactive from suspended', () => {
    expect(statusChoices('normal')).toEqual(['normal', 'suspended', 'deleted', 'inactive']);
    expect(statusChoices('inactive')).toEqual(['normal', 'inactive']);
    expect(statusChoices('suspended')).toEqual(['normal', 'suspended', 'deleted']);
    expect(statusChoices('deleted')).toEqual([]);
  });

  it('does not offer suspended or deleted to an inactive member', async () => {
    serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { dialog } = await openStatus('Member 3');
    expect(offered(dialog)).toEqual(['Normal', 'Inactive (current)']);
  });

  it('does not offer inactive to a suspended member', async () => {
    serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { dialog } = await openStatus('Member 2');
    expect(offered(dialog)).toEqual(['Normal', 'Suspended (current)', 'Deleted']);
  });

  it('requires a status to be chosen', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await openStatus('Member 1');
    await u.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByText('Choose a status.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([]);
  });

  it('makes no call when the unchanged status is chosen', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await openStatus('Member 1');
    await u.click(within(dialog).getByRole('radio', { name: 'Normal (current)' }));
    await u.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([]);
  });

  it('asks how long a suspension lasts, and sends it', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await openStatus('Member 1');
    await u.click(within(dialog).getByRole('radio', { name: 'Suspended' }));
    await u.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByText('Choose how long.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([]);
    await pick('Suspended for', '7 days');
    await u.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([
        { user_id: '40001', status: 'suspended', suspend_duration: '7d' },
      ]),
    );
    expect(await screen.findByText('Member 1 is suspended.')).toBeInTheDocument();
  });

  it('warns that deleting cannot be undone and sends remove_all_content', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await openStatus('Member 2');
    await u.click(within(dialog).getByRole('radio', { name: 'Deleted' }));
    expect(within(dialog).getByText('Deleting cannot be undone.')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Change status' });
    expect(submit).toHaveClass('ant-btn-dangerous');
    await u.click(
      within(dialog).getByRole('checkbox', { name: 'Also remove all their questions, answers and comments' }),
    );
    await u.click(submit);
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([
        { user_id: '40002', status: 'deleted', remove_all_content: true },
      ]),
    );
  });

  it('sends a plain change at once and shows a refusal on the form', async () => {
    const http = serve(() => envelope([{ error_field: 'status', error_msg: 'Not allowed now.' }], 400, 'error'));
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await openStatus('Member 3');
    await u.click(within(dialog).getByRole('radio', { name: 'Normal' }));
    await u.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByText('Not allowed now.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/user/status`)).toEqual([{ user_id: '40003', status: 'normal' }]);
  });
});
