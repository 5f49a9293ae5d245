import { userKeys, type CurrentUser } from '@agora/shared-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, mockFetch, type Handler } from '@agora/shared-api/testing';
import { ME, renderScreen } from '../test/render';
import { fill, setupUser } from '../test/user';
import SettingsScreen from './settings-screen';

const ROUTES = ['/users/settings', '/users/settings/:setting'];
const NO_CAPTCHA = { captcha_id: '', captcha_img: '', verify: false };
const now = Math.floor(Date.now() / 1000);
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

function open(tab: string, routes: Record<string, Handler> = {}) {
  const http = mockFetch({
    'GET /answer/api/v1/siteinfo': {
      general: { name: 'Agora' },
      interface: { language: 'en_US', time_zone: 'Europe/Paris' },
      site_seo: { permalink: 2, robots: '' },
    },
    'GET /answer/api/v1/user/action/record': NO_CAPTCHA,
    'GET /answer/api/v1/user/sessions': [
      {
        id: 'aaaa',
        created_at: now - 86400,
        last_seen_at: Date.UTC(2026, 5, 1, 10, 0) / 1000,
        ip: '10.0.0.1',
        user_agent: CHROME_LINUX,
        current: true,
      },
      {
        id: 'bbbb',
        created_at: now - 86400 * 2,
        last_seen_at: Date.UTC(2026, 5, 1, 8, 0) / 1000,
        ip: '10.0.0.2',
        user_agent: FIREFOX_WINDOWS,
        current: false,
      },
    ],
    ...routes,
  });
  const view = renderScreen(SettingsScreen, { url: `/users/settings/${tab}`, route: ROUTES, user: ME });
  return { http, user: setupUser(), ...view };
}

describe('settings: account', () => {
  test('change e-mail: new address and current password required, then a confirmation link is sent', async () => {
    const { http, user } = open('account', { 'POST /answer/api/v1/user/email/change/code': null });
    const section = await screen.findByRole('region', { name: 'Change e-mail' });
    const form = within(section);
    expect(form.getByText('Your e-mail address is alice@example.com.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('New e-mail cannot be empty.')).toBeInTheDocument();
    expect(await form.findByText('Current password cannot be empty.')).toBeInTheDocument();
    await fill(user, form.getByLabelText('New e-mail'), 'new@example.com');
    await fill(user, form.getByLabelText('Current password'), 'old-password');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText(/We sent a confirmation link to new@example.com/)).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/change/code')).toEqual([
      { e_mail: 'new@example.com', pass: 'old-password' },
    ]);
  });

  test('change e-mail: a wrong password lands on the password field', async () => {
    const { user } = open('account', {
      'POST /answer/api/v1/user/email/change/code': envelope(
        [{ error_field: 'pass', error_msg: 'The password is wrong.' }],
        400,
        'error.object.old_password_verification_failed',
        'The password is wrong.',
      ),
    });
    const form = within(await screen.findByRole('region', { name: 'Change e-mail' }));
    await fill(user, form.getByLabelText('New e-mail'), 'new@example.com');
    await fill(user, form.getByLabelText('Current password'), 'nope-nope');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('The password is wrong.')).toBeInTheDocument();
  });

  test('when the server asks for a captcha (edit_userinfo) it is shown and sent with the request', async () => {
    const { http, user } = open('account', {
      'GET /answer/api/v1/user/action/record': {
        captcha_id: 'c1',
        captcha_img: 'data:image/png;base64,AAAA',
        verify: true,
      },
      'POST /answer/api/v1/user/email/change/code': null,
    });
    const form = within(await screen.findByRole('region', { name: 'Change e-mail' }));
    expect(await form.findByRole('img', { name: /Verification code image/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    await fill(user, form.getByLabelText('New e-mail'), 'new@example.com');
    await fill(user, form.getByLabelText('Current password'), 'old-password');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('Verification code cannot be empty.')).toBeInTheDocument();
    await fill(user, form.getByLabelText('Verification code'), 'x7kq');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(http.bodiesOf('POST', '/answer/api/v1/user/email/change/code')).toHaveLength(1));
    expect(http.bodiesOf('POST', '/answer/api/v1/user/email/change/code')[0]).toEqual({
      e_mail: 'new@example.com',
      pass: 'old-password',
      captcha_id: 'c1',
      captcha_code: 'x7kq',
    });
  });

  test('change password: 8 to 32, must match; success says other sessions were signed out', async () => {
    const { http, user } = open('account', { 'PUT /answer/api/v1/user/password': null });
    const form = within(await screen.findByRole('region', { name: 'Change password' }));
    await fill(user, form.getByLabelText('Current password'), 'old-password');
    await fill(user, form.getByLabelText('New password'), 'short');
    await fill(user, form.getByLabelText('Confirm new password'), 'different-one');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Password must be 8 to 32 characters.')).toBeInTheDocument();
    expect(await form.findByText('The two passwords do not match.')).toBeInTheDocument();
    // One change from 5 to 33 characters: the message stays, rather than leaving through the empty field's
    // message and coming back (antd's leave animation can swallow the same message coming back in jsdom).
    fireEvent.change(form.getByLabelText('New password'), { target: { value: 'p'.repeat(33) } });
    await waitFor(() => expect(form.getByLabelText('New password')).toHaveValue('p'.repeat(33)));
    expect(await form.findByText('Password must be 8 to 32 characters.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/password')).toHaveLength(0);

    await fill(user, form.getByLabelText('New password'), 'a new passphrase');
    await fill(user, form.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(
      await form.findByText('Your password has been changed. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/password')).toEqual([
      { old_pass: 'old-password', pass: 'a new passphrase' },
    ]);
  });

  test('my logins: device, IP and last seen in the site time zone; revoke one, sign out all others', async () => {
    const { http, user } = open('account', { 'DELETE /answer/api/v1/user/sessions': null });
    const section = within(await screen.findByRole('region', { name: 'My logins' }));
    const rows = await section.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('IP 10.0.0.1');
    // 10:00 UTC is 12:00 in Paris in June.
    expect(rows[0]).toHaveTextContent('last seen Jun 1, 2026 at 12:00');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await waitFor(() => expect(http.bodiesOf('DELETE', '/answer/api/v1/user/sessions')).toEqual([{ id: 'bbbb' }]));

    await user.click(section.getByRole('button', { name: 'Sign out all other sessions' }));
    // The confirmation pop-up has its own button of the same name.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sign out all other sessions' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Sign out all other sessions' })[1]!);
    await waitFor(() =>
      expect(http.bodiesOf('DELETE', '/answer/api/v1/user/sessions')).toEqual([{ id: 'bbbb' }, { all_others: true }]),
    );
  });
});

describe('settings: notifications and interface', () => {
  test('notifications: the e-mail switches of user/notification/config are saved as they are set', async () => {
    const { http, user } = open('notify', {
      'GET /answer/api/v1/user/notification/config': {
        inbox: { key: 'email', enable: true },
        all_new_question: { key: 'email', enable: false },
        all_new_question_for_following_tags: { key: 'email', enable: false },
      },
      'PUT /answer/api/v1/user/notification/config': null,
    });
    const inbox = await screen.findByRole('switch', { name: /answers my question/ });
    expect(inbox).toBeChecked();
    await user.click(inbox);
    await user.click(screen.getByRole('switch', { name: 'A new question is asked in a tag I follow' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(http.bodiesOf('PUT', '/answer/api/v1/user/notification/config')).toHaveLength(1));
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/notification/config')[0]).toEqual({
      inbox: { key: 'email', enable: false },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: true },
      weekly_digest: { key: 'email', enable: false },
    });
  });

  test('interface: Default first, the chosen language saved and put in the cached user at once', async () => {
    const { http, user, queryClient } = open('interface', {
      'GET /answer/api/v1/language/options': [
        { label: 'English', value: 'en_US' },
        { label: '中文', value: 'zh_CN' },
      ],
      'PUT /answer/api/v1/user/interface': null,
    });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await user.click(select);
    await screen.findByText('中文', { selector: '.ant-select-item-option-content' });
    const options = document.querySelectorAll('.ant-select-item-option-content');
    expect(Array.from(options, (o) => o.textContent)).toEqual(['Default', 'English', '中文']);
    await user.click(screen.getByText('中文', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', '/answer/api/v1/user/interface')).toEqual([
        { language: 'zh_CN', color_scheme: 'default' },
      ]),
    );
    await waitFor(() => expect(queryClient.getQueryData<CurrentUser>(userKeys.current())?.language).toBe('zh_CN'));
  });
});
