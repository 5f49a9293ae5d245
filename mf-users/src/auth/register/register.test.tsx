import { rememberLoginReturnTo, userKeys } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { captchaRecord, currentLocation, renderScreen, SITEINFO, USER } from '../test/render';
import { fill, setupUser, type User } from '../test/user';

const REGISTER = 'POST /answer/api/v1/user/register/email';
const RECORD = 'GET /answer/api/v1/user/action/record';

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Sign up' }));

async function openRegister(routes: Record<string, unknown>) {
  let records = 0;
  const http = mockFetch({
    'GET /answer/api/v1/siteinfo': SITEINFO,
    [RECORD]: () => captchaRecord(++records),
    ...routes,
  });
  const user = setupUser();
  const view = await renderScreen('register', { path: '/users/register' });
  await screen.findByRole('heading', { level: 1, name: 'Sign up for Agora' });
  // Action 'email': the captcha is always asked when the site has one.
  await screen.findByRole('img', { name: /Verification code image/ });
  return { http, user, ...view };
}

async function fillValid(user: User) {
  await fill(user, field('Name'), 'Ada Lovelace');
  await fill(user, field('E-mail'), 'ada@example.com');
  await fill(user, field('Password'), 'analytical engine');
  await fill(user, field('Confirm password'), 'analytical engine');
  await fill(user, field('Verification code'), 'abcd');
}

describe('sign-up', () => {
  test('validation: required fields, name up to 30 with its character set, password 8 to 32', async () => {
    const { http, user } = await openRegister({});
    await submit(user);
    await waitFor(() => expect(screen.getByText('Name cannot be empty.')).toBeInTheDocument());
    expect(screen.getByText('E-mail cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Verification code cannot be empty.')).toBeInTheDocument();
    await fill(user, field('Name'), 'x'.repeat(31));
    await waitFor(() => expect(screen.getByText('Name must be 2 to 30 characters.')).toBeInTheDocument());
    await fill(user, field('Name'), 'ada!');
    await waitFor(() =>
      expect(
        screen.getByText('Name may only use a-z, 0-9, space, period (.), hyphen (-) and underscore (_).'),
      ).toBeInTheDocument(),
    );
    await fill(user, field('Password'), 'short');
    await waitFor(() => expect(screen.getByText('Password must be 8 to 32 characters.')).toBeInTheDocument());
    await fill(user, field('Password'), 'p'.repeat(33));
    await waitFor(() => expect(screen.getByText('Password must be 8 to 32 characters.')).toBeInTheDocument());
    // Code points, not UTF-16 units: 8 emoji are 8 characters.
    await fill(user, field('Password'), '😀'.repeat(8));
    await waitFor(() => expect(screen.queryByText('Password must be 8 to 32 characters.')).not.toBeInTheDocument());
    await fill(user, field('Name'), 'Ada_Love-lace.2');
    await waitFor(() => expect(screen.queryByText(/Name may only use/)).not.toBeInTheDocument());
    expect(http.bodiesOf('POST', '/answer/api/v1/user/register/email')).toHaveLength(0);
  });

  test('the password is asked twice and both entries must match before anything is sent', async () => {
    const { http, user } = await openRegister({ [REGISTER]: USER });
    await fillValid(user);
    await fill(user, field('Confirm password'), '');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Confirm your password.')).toBeInTheDocument());
    expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await fill(user, field('Confirm password'), 'analytical engines');
    await submit(user);
    await waitFor(() => expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument());
    expect(http.bodiesOf('POST', '/answer/api/v1/user/register/email')).toHaveLength(0);
    // Changing the first entry to the second's value checks the pair again.
    await fill(user, field('Password'), 'analytical engines');
    await waitFor(() => expect(screen.queryByText('The two passwords do not match.')).not.toBeInTheDocument());
    await submit(user);
    await waitFor(() => expect(http.bodiesOf('POST', '/answer/api/v1/user/register/email')).toHaveLength(1));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/register/email')[0]).toMatchObject({
      pass: 'analytical engines',
    });
  });

  test('the server’s field errors land on name and e-mail; a wrong captcha on the captcha with a new image', async () => {
    const { user } = await openRegister({
      [REGISTER]: envelope(
        [
          { error_field: 'name', error_msg: 'This username is already taken.' },
          { error_field: 'e_mail', error_msg: 'This e-mail domain is not allowed.' },
          { error_field: 'captcha_code', error_msg: 'Verification failed.' },
        ],
        400,
        'base.request_format_error',
        'Invalid input.',
      ),
    });
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(screen.getByText('This username is already taken.')).toBeInTheDocument());
    expect(screen.getByText('This e-mail domain is not allowed.')).toBeInTheDocument();
    expect(screen.getByText('Verification failed.')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Verification code image/ })).toHaveAttribute(
        'src',
        captchaRecord(2).captcha_img,
      ),
    );
  });

  test('success: the session starts and a not-yet-activated account goes to the inactive state', async () => {
    const { http, user, queryClient } = await openRegister({ [REGISTER]: { ...USER, mail_status: 2 } });
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(currentLocation()).toBe('/users/login?status=inactive'));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/register/email')).toEqual([
      {
        name: 'Ada Lovelace',
        e_mail: 'ada@example.com',
        pass: 'analytical engine',
        captcha_id: 'captcha-1',
        captcha_code: 'abcd',
      },
    ]);
    expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ mail_status: 2 });
  });

  test('an account activated at once goes back where the visitor was', async () => {
    rememberLoginReturnTo('/tags');
    const { user } = await openRegister({ [REGISTER]: USER });
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(currentLocation()).toBe('/tags'));
  });

  test('the agreement links to the terms and the privacy policy; a link to log in', async () => {
    await openRegister({});
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/tos');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/users/login');
  });
});
