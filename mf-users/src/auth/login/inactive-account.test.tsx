import { screen, waitFor, within } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, renderScreen, SITEINFO } from '../test/render';
import { fill, setupUser } from '../test/user';

const RECORD = 'GET /answer/api/v1/user/action/record';
const SEND = 'POST /answer/api/v1/user/email/verification/send';
const INACTIVE = { mail_status: 2, e_mail: 'new@example.com' };

describe('the inactive-account state (/users/login?status=inactive)', () => {
  test('says where the mail went; resend without a captcha when none is asked; link to change the e-mail', async () => {
    const http = mockFetch({
      'GET /answer/api/v1/siteinfo': SITEINFO,
      [RECORD]: captchaRecord(1, false),
      [SEND]: null,
    });
    const user = setupUser();
    await renderScreen('login', { path: '/users/login?status=inactive', user: INACTIVE });
    expect(await screen.findByText(/We sent an activation mail to new@example.com\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change e-mail' })).toHaveAttribute('href', '/users/change-email');
    await user.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(await screen.findByText(/A new activation mail is on its way/)).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/verification/send')).toEqual([{}]);
    expect(http.calls.filter((c) => c.path === '/answer/api/v1/user/action/record')).toHaveLength(1);
  });

  test('resend with the captcha dialog: a wrong code gets the message and a new image, the right one sends', async () => {
    let records = 0;
    const http = mockFetch({
      'GET /answer/api/v1/siteinfo': SITEINFO,
      [RECORD]: () => captchaRecord(++records),
      [SEND]: ({ body }: { body: { captcha_code?: string } }) =>
        body.captcha_code === 'abcd'
          ? null
          : envelope(
              [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
              400,
              'error.object.captcha_verification_failed',
              'Verification failed.',
            ),
    });
    const user = setupUser();
    await renderScreen('login', { path: '/users/login?status=inactive', user: INACTIVE });
    await user.click(await screen.findByRole('button', { name: 'Resend activation mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification' });
    expect(within(dialog).getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
      'src',
      captchaRecord(1).captcha_img,
    );
    await fill(user, within(dialog).getByLabelText('Verification code'), 'zzzz');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(dialog).getByText('Verification failed.')).toBeInTheDocument());
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
        'src',
        captchaRecord(2).captcha_img,
      ),
    );
    await fill(user, within(dialog).getByLabelText('Verification code'), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/A new activation mail is on its way/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/verification/send')).toEqual([
      { captcha_id: 'captcha-1', captcha_code: 'zzzz' },
      { captcha_id: 'captcha-2', captcha_code: 'abcd' },
    ]);
  });

  test('a visitor (no login) at ?status=inactive gets the login form', async () => {
    mockFetch({ 'GET /answer/api/v1/siteinfo': SITEINFO, [RECORD]: captchaRecord(1, false) });
    await renderScreen('login', { path: '/users/login?status=inactive' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Agora' })).toBeInTheDocument();
  });
});
