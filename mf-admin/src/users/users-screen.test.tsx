import type { AdminJob } from '@agora/shared-api/contract';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../test/antd';
import { user } from '../test/fixtures';
import { ADMIN, currentLocation, renderAdmin } from '../test/render';
import UsersScreen from './users-screen';

const LIST = [
  user(1),
  user(2, { status: 'suspended', suspended_until: 1_780_000_000 }),
  user(3, { status: 'deleted', deleted_at: 1_775_000_000 }),
  { ...user(9), user_id: '1', username: 'admin', display_name: 'Admin', role_id: 2, role_name: 'Admin' },
];

export function serveUsers(routes: Record<string, unknown> = {}) {
  return mockFetch({
    [`GET ${ADMIN}/users/page`]: { count: LIST.length, list: LIST },
    [`POST ${ADMIN}/user`]: null,
    [`POST ${ADMIN}/users`]: null,
    ...routes,
  });
}

const table = () => screen.findByRole('region', { name: 'User list' });
const lastQuery = (http: ReturnType<typeof serveUsers>) =>
  Object.fromEntries(http.calls.filter((c) => c.path === `${ADMIN}/users/page`).at(-1)!.query);

describe('admin users list', () => {
  it('shows each member with e-mail, reputation, dates, status and role', async () => {
    const http = serveUsers();
    renderAdmin(UsersScreen, '/admin/users');
    const region = await table();
    const link = await within(region).findByRole('link', { name: 'Member 1' });
    expect(link).toHaveAttribute('href', '/admin/users/40001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('member1@example.com')).toBeInTheDocument();
    expect(within(row).getByText('101')).toBeInTheDocument();
    expect(within(row).getByText('Mar 14, 2026 at 15:09')).toBeInTheDocument();
    expect(within(row).getByText('Normal')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
    const suspended = within(region).getByRole('link', { name: 'Member 2' }).closest('tr')!;
    expect(within(suspended).getByText('May 28, 2026 at 20:26')).toBeInTheDocument();
    expect(lastQuery(http)).toEqual({ page: '1', page_size: '20' });
  });

  it('offers no action on the admin’s own row nor on a deleted account', async () => {
    serveUsers();
    renderAdmin(UsersScreen, '/admin/users');
    const region = await table();
    await within(region).findByRole('link', { name: 'Admin' });
    expect(within(region).queryByRole('button', { name: 'Actions for Admin' })).not.toBeInTheDocument();
    expect(within(region).getByText('You')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Actions for Member 3' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Actions for Member 1' })).toBeInTheDocument();
  });

  it('filters by status, staff and search, in the address', async () => {
    const http = serveUsers();
    renderAdmin(UsersScreen, '/admin/users');
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Suspended' }));
    await u.click(screen.getByRole('switch', { name: 'Staff only' }));
    await u.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ada{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/admin/users?status=suspended&staff=true&query=ada'));
    await waitFor(() =>
      expect(lastQuery(http)).toEqual({ page: '1', page_size: '20', status: 'suspended', staff: 'true', query: 'ada' }),
    );
    await u.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/users?staff=true&query=ada'));
  });

  it('checks the Add user form before sending', async () => {
    const http = serveUsers();
    renderAdmin(UsersScreen, '/admin/users');
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await findDialog('Add user');
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a display name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an e-mail address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a password.')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Display name'), 'Al');
    await u.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await u.type(within(dialog).getByLabelText('Password'), 'short');
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The display name must be 3 to 30 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must be 8 to 32 characters.')).toBeInTheDocument();
    await u.clear(within(dialog).getByLabelText('Display name'));
    await u.type(within(dialog).getByLabelText('Display name'), 'x'.repeat(31));
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The display name must be 3 to 30 characters.')).toBeInTheDocument();
    await u.clear(within(dialog).getByLabelText('Display name'));
    await u.click(within(dialog).getByLabelText('Display name'));
    await u.paste('Ada\tLovelace');
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText(
        'The display name must be one line: no line breaks, tabs or other control characters.',
      ),
    ).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${ADMIN}/user`)).toEqual([]);
  });

  it('adds a user, and shows the server’s field error on its field', async () => {
    let taken = true;
    const http = serveUsers({
      [`POST ${ADMIN}/user`]: () =>
        taken
          ? envelope(
              [{ error_field: 'email', error_msg: 'This e-mail is already in use.' }],
              400,
              'error.email.duplicate',
            )
          : null,
    });
    renderAdmin(UsersScreen, '/admin/users');
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await findDialog('Add user');
    await u.type(within(dialog).getByLabelText('Display name'), ' Ada Lovelace ');
    await u.type(within(dialog).getByLabelText('E-mail'), 'ada@example.com');
    await u.type(within(dialog).getByLabelText('Password'), 'a-long-secret{Enter}');
    expect(await within(dialog).findByText('This e-mail is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    taken = false;
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Ada Lovelace was added.')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${ADMIN}/user`).at(-1)).toEqual({
      display_name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'a-long-secret',
    });
    await waitFor(() => expect(http.calls.filter((c) => c.path === `${ADMIN}/users/page`)).toHaveLength(2));
  });

  it('bulk adds lines: checked first, then a background job whose progress and refused lines are shown', async () => {
    let fail = true;
    let polls = 0;
    const job = (over: Partial<AdminJob>): AdminJob => ({
      id: '7',
      kind: 'users.bulk_add',
      state: 'queued',
      done: 0,
      total: 3,
      failed: 0,
      failures: [],
      result: {},
      error_msg: '',
      created_at: 1_775_000_000,
      finished_at: 0,
      ...over,
    });
    const http = serveUsers({
      [`POST ${ADMIN}/users`]: () =>
        fail
          ? envelope([{ error_field: 'users', error_msg: 'Enter 1 to 5000 lines, one user per line.' }], 400, 'error')
          : job({}),
      [`GET ${ADMIN}/job`]: () => {
        polls += 1;
        if (polls === 1) return job({ state: 'running', done: 1 });
        return job({
          state: 'done',
          done: 3,
          failed: 1,
          result: { created: 2 },
          failures: [{ item: 2, reason: 'x', msg: 'Line 2: this e-mail address is already in use.' }],
        });
      },
    });
    renderAdmin(UsersScreen, '/admin/users');
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Bulk add' }));
    const dialog = await findDialog('Add users in bulk');
    await u.click(within(dialog).getByRole('button', { name: 'Add all' }));
    expect(await within(dialog).findByText('Enter at least one line.')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Members' });
    await u.type(field, 'Ada,ada@example.com,secret-one{Enter}just a name');
    await u.click(within(dialog).getByRole('button', { name: 'Add all' }));
    expect(
      await within(dialog).findByText('Line 2 needs a display name, an e-mail and a password separated by commas.'),
    ).toBeInTheDocument();
    await u.clear(field);
    await u.click(field);
    await u.paste('Ada,ada@example.com,secret-one\nBob,ada@example.com,secret-two\nCy,cy@example.com,secret-3');
    await u.click(within(dialog).getByRole('button', { name: 'Add all' }));
    expect(await within(dialog).findByText('Enter 1 to 5000 lines, one user per line.')).toBeInTheDocument();
    fail = false;
    await u.click(within(dialog).getByRole('button', { name: 'Add all' }));

    // The request answered at once; the job's progress follows, then what it did and the refused line.
    const progress = await findDialog('Adding members');
    expect(await within(progress).findByRole('status')).toHaveTextContent('Working: 1 of 3 done.');
    expect(within(progress).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '33');
    await waitFor(
      () =>
        expect(within(progress).getByRole('status')).toHaveTextContent(
          'Finished: 3 of 3 done, 1 could not be. 2 members were added.',
        ),
      { timeout: 4000 },
    );
    const refused = within(progress).getByRole('region', { name: 'Lines not added' });
    expect(within(refused).getByRole('listitem')).toHaveTextContent('Line 2: this e-mail address is already in use.');
    expect(
      http.calls
        .filter((c) => c.path === `${ADMIN}/job`)
        .at(-1)!
        .query.get('id'),
    ).toBe('7');
    // The list is read again once the job has ended.
    await waitFor(() => expect(http.calls.filter((c) => c.path === `${ADMIN}/users/page`).length).toBeGreaterThan(2));
    await u.click(within(progress).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);
});
