import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, renderScreen } from '../test/render';
import { fill, setupUser } from '../test/user';

const RESET = 'POST /answer/api/v1/user/password/reset';
const RECORD = 'GET /answer/api/v1/user/action/record';

describe('account recovery', () => {
  test('e-mail + captcha; the same confirmation whatever the address; a wrong captcha is shown on its field', async () => {
    let records = 0;
    const http = mockFetch({
      [RECORD]: () => captchaRecord(++records),
      [RESET]: ({ body }: { body: { captcha_code?: string } }) =>
        body.captcha_code === 'good'
          ? null
          : envelope(
              [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
              400,
              'error.object.captcha_verification_failed',
              'Verification failed.',
            ),
    });
    const user = setupUser();
    await renderScreen('account-recovery', { path: '/users/account-recovery' });
    await screen.findByRole('heading', { level: 1, name: 'Account recovery' });
    await screen.findByRole('img', { name: /Verification code image/ });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByText('E-mail cannot be empty.')).toBeInTheDocument());
    await fill(user, screen.getByLabelText('E-mail'), 'nobody@example.com');
    await fill(user, screen.getByLabelText('Verification code'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByText('Verification failed.')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
        'src',
        captchaRecord(2).captcha_img,
      ),
    );
    await fill(user, screen.getByLabelText('Verification code'), 'good');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for nobody@example.com, we sent it a link to reset the password. The link works once, for 30 minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/users/login');
    expect(http.bodiesOf('POST', '/answer/api/v1/user/password/reset')).toEqual([
      { e_mail: 'nobody@example.com', captcha_id: 'captcha-1', captcha_code: 'bad' },
      { e_mail: 'nobody@example.com', captcha_id: 'captcha-2', captcha_code: 'good' },
    ]);
  });
});
