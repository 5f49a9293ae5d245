import { userKeys } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, currentLocation, renderScreen, USER } from '../test/render';
import { setupUser } from '../test/user';

const VERIFY = 'POST /answer/api/v1/user/email/verification';

describe('account activation', () => {
  test('the code is sent once; the session starts; on to the success page', async () => {
    const http = mockFetch({ [VERIFY]: { ...USER, access_token: 'activated' } });
    const { queryClient } = await renderScreen('account-activation', { path: '/users/account-activation?code=c0de' });
    await waitFor(() => expect(currentLocation()).toBe('/users/account-activation/success'));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/verification')).toEqual([{ code: 'c0de' }]);
    expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ mail_status: 1, access_token: 'activated' });
  });

  test('an invalid or expired link (403 url_expired) goes to the failed page', async () => {
    mockFetch({
      [VERIFY]: envelope({ type: 'url_expired' }, 403, 'error.email.verify_url_expired', 'The link has expired.'),
    });
    await renderScreen('account-activation', { path: '/users/account-activation?code=old' });
    await waitFor(() => expect(currentLocation()).toBe('/users/account-activation/failed'));
  });

  test('the success page: activated message and continue', async () => {
    mockFetch({});
    const user = setupUser();
    await renderScreen('activation-success', { path: '/users/account-activation/success', user: USER });
    expect(await screen.findByText('Your account is activated. Welcome!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  test('the failed page: a logged-in, not activated user can have a new mail sent', async () => {
    const http = mockFetch({
      'GET /answer/api/v1/user/action/record': captchaRecord(1, false),
      'POST /answer/api/v1/user/email/verification/send': null,
    });
    const user = setupUser();
    await renderScreen('activation-failed', { path: '/users/account-activation/failed', user: { mail_status: 2 } });
    expect(await screen.findByText(/this account activation link is no longer valid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(await screen.findByText(/A new activation mail is on its way/)).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/verification/send')).toHaveLength(1);
  });

  test('the failed page for a visitor: log in to get a new mail', async () => {
    mockFetch({});
    await renderScreen('activation-failed', { path: '/users/account-activation/failed' });
    expect(await screen.findByRole('link', { name: 'Log in to get a new activation mail' })).toHaveAttribute(
      'href',
      '/users/login',
    );
    expect(screen.queryByRole('button', { name: 'Resend activation mail' })).not.toBeInTheDocument();
  });
});
