import { rememberLoginReturnTo, userKeys } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, currentLocation, renderScreen, SITEINFO, USER } from '../test/render';
import { fill, setupUser, type User } from '../test/user';

const LOGIN = 'POST /answer/api/v1/user/login/email';
const RECORD = 'GET /answer/api/v1/user/action/record';

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Log in' }));

async function openLogin(routes: Record<string, unknown>, siteinfo: unknown = SITEINFO) {
  const http = mockFetch({ 'GET /answer/api/v1/siteinfo': siteinfo, [RECORD]: captchaRecord(0, false), ...routes });
  const user = setupUser();
  const view = await renderScreen('login', { path: '/users/login' });
  await screen.findByRole('heading', { level: 1, name: 'Log in to Agora' });
  return { http, user, ...view };
}

const fieldError = (login: string) =>
  envelope([{ error_field: 'e_mail', error_msg: login }], 400, 'error.object.email_or_password_incorrect', login);

describe('login', () => {
  test('required e-mail and password: required-field messages, nothing sent', async () => {
    const { http, user } = await openLogin({});
    await submit(user);
    await waitFor(() => expect(screen.getByText('E-mail cannot be empty.')).toBeInTheDocument());
    expect(screen.getByText('Password cannot be empty.')).toBeInTheDocument();
    await fill(user, field('E-mail'), 'ada@');
    await waitFor(() => expect(screen.getByText('E-mail is not a valid e-mail address.')).toBeInTheDocument());
    expect(http.bodiesOf('POST', '/answer/api/v1/user/login/email')).toHaveLength(0);
  });

  test('success starts the session and returns to the remembered page', async () => {
    rememberLoginReturnTo('/questions/42');
    const { http, user, queryClient } = await openLogin({ [LOGIN]: { ...USER, access_token: 'fresh' } });
    await fill(user, field('E-mail'), ' ada@example.com ');
    await fill(user, field('Password'), 'correct horse');
    await submit(user);
    await waitFor(() => expect(currentLocation()).toBe('/questions/42'));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/login/email')).toEqual([
      { e_mail: 'ada@example.com', pass: 'correct horse' },
    ]);
    expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ id: '7', access_token: 'fresh' });
  });

  test('a not-yet-activated account goes to the inactive state, which names the address', async () => {
    const { user } = await openLogin({ [LOGIN]: { ...USER, mail_status: 2 } });
    await fill(user, field('E-mail'), 'ada@example.com');
    await fill(user, field('Password'), 'correct horse');
    await submit(user);
    await waitFor(() => expect(currentLocation()).toBe('/users/login?status=inactive'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/We sent an activation mail to ada@example.com\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change e-mail' })).toHaveAttribute('href', '/users/change-email');
  });

  test('the server’s field error lands on the e-mail field; after failures the captcha appears and is sent', async () => {
    let records = 0;
    const { http, user } = await openLogin({
      [RECORD]: () => captchaRecord(++records, records > 1),
      [LOGIN]: ({ body }: { body: { captcha_code?: string } }) =>
        body.captcha_code === 'right' ? USER : fieldError('The email and password do not match.'),
    });
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await fill(user, field('E-mail'), 'ada@example.com');
    await fill(user, field('Password'), 'wrong password');
    await submit(user);
    await waitFor(() => expect(screen.getByText('The email and password do not match.')).toBeInTheDocument());
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    // The failed login made the server ask for a captcha: the image and its field appear.
    const image = await screen.findByRole('img', { name: /Verification code image/ });
    expect(image).toHaveAttribute('src', captchaRecord(2).captcha_img);
    await user.click(screen.getByRole('button', { name: 'Show another code' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
        'src',
        captchaRecord(3).captcha_img,
      ),
    );
    await submit(user);
    await waitFor(() => expect(screen.getByText('Verification code cannot be empty.')).toBeInTheDocument());
    await fill(user, field('Verification code'), 'right');
    await submit(user);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/login/email').at(-1)).toEqual({
      e_mail: 'ada@example.com',
      pass: 'wrong password',
      captcha_id: 'captcha-3',
      captcha_code: 'right',
    });
  });

  test('a wrong captcha: the message on the captcha field and a fresh image (single use)', async () => {
    let records = 0;
    const { user } = await openLogin({
      [RECORD]: () => captchaRecord(++records),
      [LOGIN]: envelope(
        [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
        400,
        'error.object.captcha_verification_failed',
        'Verification failed.',
      ),
    });
    const image = await screen.findByRole('img', { name: /Verification code image/ });
    expect(image).toHaveAttribute('src', captchaRecord(1).captcha_img);
    await fill(user, field('E-mail'), 'ada@example.com');
    await fill(user, field('Password'), 'whatever1');
    await fill(user, field('Verification code'), 'nope');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Verification failed.')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
        'src',
        captchaRecord(2).captcha_img,
      ),
    );
    expect(field('Verification code')).toHaveValue('');
    expect(field('Verification code')).toHaveAttribute('aria-invalid', 'true');
  });

  test('links: account recovery always, sign-up only while registrations are allowed', async () => {
    await openLogin({});
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/users/account-recovery');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/users/register');
  });

  test('no sign-up link when registrations are off', async () => {
    await openLogin({}, { ...SITEINFO, login: { ...SITEINFO.login, allow_new_registrations: false } });
    await screen.findByRole('link', { name: 'Forgot password?' });
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  test('a suspended account: the suspension message with the end of the suspension, the contact, no session', async () => {
    const { user, queryClient } = await openLogin({
      [LOGIN]: envelope(
        { type: 'suspended', suspended_until: Date.UTC(2030, 0, 2, 12) / 1000 },
        403,
        'error.user.suspended',
        'Your account has been suspended.',
      ),
    });
    await fill(user, field('E-mail'), 'ada@example.com');
    await fill(user, field('Password'), 'correct horse');
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Your account was suspended until .*2030.*\.$/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'help@agora.example' })).toHaveAttribute(
      'href',
      'mailto:help@agora.example',
    );
    expect(queryClient.getQueryData(userKeys.current())).toBeNull();
    expect(currentLocation()).toBe('/users/login');
  });

  test('in Chinese (zh_CN): the title and the messages', async () => {
    await i18next.changeLanguage('zh_CN');
    mockFetch({ 'GET /answer/api/v1/siteinfo': SITEINFO, [RECORD]: captchaRecord(0, false) });
    const user = setupUser();
    await renderScreen('login', { path: '/users/login' });
    await screen.findByRole('heading', { level: 1, name: '登录 Agora' });
    // antd spaces out a two-character Chinese label ('登 录').
    await user.click(screen.getByRole('button', { name: /^登\s?录$/ }));
    await waitFor(() => expect(screen.getByText('邮箱不能为空。')).toBeInTheDocument());
    expect(screen.getByText('密码不能为空。')).toBeInTheDocument();
  });
});
