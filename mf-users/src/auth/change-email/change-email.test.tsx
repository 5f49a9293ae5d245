import { userKeys } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, renderScreen, USER } from '../test/render';
import { fill, setupUser } from '../test/user';

const CHANGE = 'POST /answer/api/v1/user/email/change/code';
const CONFIRM = 'PUT /answer/api/v1/user/email';

describe('change e-mail before activation', () => {
  test('new address (+ captcha when asked) → "check your new inbox"; the server’s field error on the field', async () => {
    let attempts = 0;
    const http = mockFetch({
      'GET /answer/api/v1/user/action/record': captchaRecord(1, false),
      [CHANGE]: () =>
        ++attempts === 1
          ? envelope(
              [{ error_field: 'e_mail', error_msg: 'This e-mail is already in use.' }],
              400,
              'error.email.duplicate',
              'This e-mail is already in use.',
            )
          : null,
    });
    const user = setupUser();
    await renderScreen('change-email', { path: '/users/change-email', user: { mail_status: 2 } });
    expect(await screen.findByText('Your current address: ada@example.com')).toBeInTheDocument();
    // Not activated yet: no password asked.
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(screen.getByText('E-mail cannot be empty.')).toBeInTheDocument());
    await fill(user, screen.getByLabelText('New e-mail'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(screen.getByText('This e-mail is already in use.')).toBeInTheDocument());
    expect(screen.getByLabelText('New e-mail')).toHaveAttribute('aria-invalid', 'true');
    await fill(user, screen.getByLabelText('New e-mail'), 'fresh@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText('We sent a confirmation link to fresh@example.com. Open it to finish the change.'),
    ).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/change/code').at(-1)).toEqual({
      e_mail: 'fresh@example.com',
    });
  });

  test('a visitor is asked to log in first', async () => {
    mockFetch({});
    await renderScreen('change-email', { path: '/users/change-email' });
    expect(await screen.findByText('Log in to change the e-mail address of your account.')).toBeInTheDocument();
  });
});

describe('confirm new e-mail', () => {
  test('the code is sent once; the new session starts; the new address is shown', async () => {
    const http = mockFetch({ [CONFIRM]: { ...USER, e_mail: 'fresh@example.com', access_token: 'new-token' } });
    const { queryClient } = await renderScreen('confirm-new-email', {
      path: '/users/confirm-new-email?code=xyz',
      user: { mail_status: 2 },
    });
    expect(await screen.findByText('Your e-mail address is now fresh@example.com.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/email')).toEqual([{ code: 'xyz' }]);
    expect(queryClient.getQueryData(userKeys.current())).toMatchObject({
      e_mail: 'fresh@example.com',
      mail_status: 1,
      access_token: 'new-token',
    });
  });

  test('an invalid link: the invalid-link wording', async () => {
    mockFetch({
      [CONFIRM]: envelope({ type: 'url_expired' }, 403, 'error.email.verify_url_expired', 'The link has expired.'),
    });
    await renderScreen('confirm-new-email', { path: '/users/confirm-new-email?code=old' });
    expect(
      await screen.findByText(
        'Sorry, this e-mail confirmation link is no longer valid. Perhaps your e-mail is already changed?',
      ),
    ).toBeInTheDocument();
  });
});
