import { envelope, mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../test/antd';
import { user } from '../test/fixtures';
import { ADMIN, renderAdmin } from '../test/render';
import UsersScreen from './users-screen';

const ROLES = [
  { id: 1, name: 'User', description: 'Default with no special access.' },
  { id: 2, name: 'Admin', description: 'Full power to access the site.' },
  { id: 3, name: 'Moderator', description: 'Has access to all posts except admin settings.' },
];
const ROWS = [user(1), user(3, { status: 'inactive' })];

function serve(routes: Record<string, unknown> = {}) {
  return mockFetch({
    [`GET ${ADMIN}/users/page`]: { count: ROWS.length, list: ROWS },
    [`GET ${ADMIN}/roles`]: ROLES,
    [`PUT ${ADMIN}/user/role`]: null,
    [`PUT ${ADMIN}/user/password`]: null,
    [`GET ${ADMIN}/user/activation`]: { activation_url: 'https://qa.example.com/users/account-activation?code=abc' },
    [`POST ${ADMIN}/user/activation`]: null,
    ...routes,
  });
}

async function open(name: string, action: string, title: string) {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await u.click(await screen.findByRole('menuitem', { name: action }));
  return { u, dialog: await findDialog(title) };
}

describe('user role, password and activation', () => {
  it('sends nothing when the current role is kept', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await open('Member 1', 'Change role', 'Change the role of Member 1');
    expect(await within(dialog).findByRole('radio', { name: /^User/ })).toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', `${ADMIN}/user/role`)).toEqual([]);
  });

  it('changes the role among GET roles', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await open('Member 1', 'Change role', 'Change the role of Member 1');
    await u.click(await within(dialog).findByRole('radio', { name: /^Moderator/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${ADMIN}/user/role`)).toEqual([{ user_id: '40001', role_id: 3 }]));
    expect(await screen.findByText('Member 1 is now Moderator.')).toBeInTheDocument();
  });

  it('sets a password of 8 to 32 characters and shows the server’s field error', async () => {
    let weak = true;
    const http = serve({
      [`PUT ${ADMIN}/user/password`]: () =>
        weak ? envelope([{ error_field: 'password', error_msg: 'This password is too common.' }], 400, 'error') : null,
    });
    renderAdmin(UsersScreen, '/admin/users');
    const { u, dialog } = await open('Member 1', 'Set password', 'Set the password of Member 1');
    await u.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('Enter a password.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Password');
    await u.type(field, 'x'.repeat(33));
    await u.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('The password must be 8 to 32 characters.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/user/password`)).toEqual([]);
    await u.clear(field);
    await u.type(field, 'password1{Enter}');
    expect(await within(dialog).findByText('This password is too common.')).toBeInTheDocument();
    weak = false;
    await u.clear(field);
    await u.type(field, 'a much better one{Enter}');
    expect(await screen.findByText('The password of Member 1 was set.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${ADMIN}/user/password`).at(-1)).toEqual({
      user_id: '40001',
      password: 'a much better one',
    });
  });

  it('gives an inactive member’s activation link to copy, and mails it again', async () => {
    const http = serve();
    renderAdmin(UsersScreen, '/admin/users');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Actions for Member 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Activation link' })).not.toBeInTheDocument();
    await u.keyboard('{Escape}');
    const { dialog } = await open('Member 3', 'Activation link', 'Activation link of Member 3');
    const link = await within(dialog).findByRole('textbox', { name: 'Activation link' });
    expect(link).toHaveValue('https://qa.example.com/users/account-activation?code=abc');
    expect(Object.fromEntries(http.calls.find((c) => c.path === `${ADMIN}/user/activation`)!.query)).toEqual({
      user_id: '40003',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    // user-event stands in for the clipboard: what it holds is what was copied.
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('https://qa.example.com/users/account-activation?code=abc'),
    );
    await u.click(within(dialog).getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('The activation e-mail was sent to member3@example.com.')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${ADMIN}/user/activation`)).toEqual([{ user_id: '40003' }]);
  });

  it('reaches every row action with the keyboard', async () => {
    serve();
    renderAdmin(UsersScreen, '/admin/users');
    const button = await screen.findByRole('button', { name: 'Actions for Member 1' });
    button.focus();
    const u = userEvent.setup();
    await u.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Change status', 'Change role', 'Set password']);
  });
});
