import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '../test/render';
import { fill, setupUser, type User } from '../test/user';

const REPLACE = 'POST /answer/api/v1/user/password/replacement';
const INVALID = 'Sorry, this password reset link is no longer valid. Perhaps your password is already reset?';

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Reset password' }));

async function open(routes: Record<string, unknown>, path = '/users/password-reset?code=abc123') {
  const http = mockFetch(routes);
  const user = setupUser();
  const view = await renderScreen('password-reset', { path });
  return { http, user, ...view };
}

describe('password reset', () => {
  test('8 to 32 characters, the confirmation must match; success tells to log in', async () => {
    const { http, user } = await open({ [REPLACE]: null });
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await submit(user);
    await waitFor(() => expect(screen.getByText('Password cannot be empty.')).toBeInTheDocument());
    expect(screen.getByText('Confirm your new password.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('New password'), 'short');
    await waitFor(() => expect(screen.getByText('Password must be 8 to 32 characters.')).toBeInTheDocument());
    await fill(user, screen.getByLabelText('New password'), 'a new password');
    await fill(user, screen.getByLabelText('Confirm new password'), 'another password');
    await waitFor(() => expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument());
    await submit(user);
    expect(http.bodiesOf('POST', '/answer/api/v1/user/password/replacement')).toHaveLength(0);
    await fill(user, screen.getByLabelText('Confirm new password'), 'a new password');
    await submit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/users/login');
    expect(http.bodiesOf('POST', '/answer/api/v1/user/password/replacement')).toEqual([
      { code: 'abc123', pass: 'a new password' },
    ]);
  });

  test('a used or superseded link: the invalid-link message and a link to ask for a new one', async () => {
    const { user } = await open({
      [REPLACE]: envelope(null, 400, 'error.password.reset_url_invalid', INVALID),
    });
    await fill(user, await screen.findByLabelText('New password'), 'a new password');
    await fill(user, screen.getByLabelText('Confirm new password'), 'a new password');
    await submit(user);
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/users/account-recovery');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  test('a too common password: the server’s message on the password field', async () => {
    const { user } = await open({
      [REPLACE]: envelope(
        [{ error_field: 'pass', error_msg: 'This password is too common. Choose another one.' }],
        400,
        'error.password.too_common',
        'This password is too common. Choose another one.',
      ),
    });
    await fill(user, await screen.findByLabelText('New password'), 'password123');
    await fill(user, screen.getByLabelText('Confirm new password'), 'password123');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByText('This password is too common. Choose another one.')).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('no code in the link: the invalid-link message at once', async () => {
    await open({}, '/users/password-reset');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });
});
