import { userKeys } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, mockFetch, type Handler } from '@agora/shared-api/testing';
import { ME, renderScreen } from '../test/render';
import { fill, setupUser } from '../test/user';
import SettingsScreen from './settings-screen';

const ROUTES = ['/users/settings', '/users/settings/:setting'];
const ALL_ALLOWED = {
  default_avatar: 'system',
  gravatar_base_url: '',
  allow_update_display_name: true,
  allow_update_username: true,
  allow_update_avatar: true,
  allow_update_bio: true,
  allow_update_website: true,
  allow_update_location: true,
};

function open(routes: Record<string, Handler> = {}, siteUsers = ALL_ALLOWED, url = '/users/settings') {
  const http = mockFetch({
    'GET /answer/api/v1/siteinfo': {
      general: { name: 'Agora' },
      interface: { language: 'en_US', time_zone: 'UTC' },
      site_seo: { permalink: 2, robots: '' },
      site_users: siteUsers,
    },
    'PUT /answer/api/v1/user/info': null,
    ...routes,
  });
  const view = renderScreen(SettingsScreen, { url, route: ROUTES, user: ME });
  return { http, user: setupUser(), ...view };
}

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });

describe('settings: profile', () => {
  test('the profile tab is the default; the tabs are links and the URL names the active one', async () => {
    open();
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/users/settings/account');
    expect(nav).toBeInTheDocument();
    expect(await screen.findByLabelText('Display name')).toHaveValue('Alice');
  });

  test('the document title names the tab, the settings and the site', async () => {
    document.title = 'Before';
    open({}, ALL_ALLOWED, '/users/settings/interface');
    await waitFor(() => expect(document.title).toBe('Interface - Settings - Agora'));
  });

  test('client checks: required, at most 30, the username character set, a valid website', async () => {
    const { http, user } = open();
    await screen.findByLabelText('Display name');
    await fill(user, field('Display name'), '');
    await fill(user, field('Username'), 'bad name!');
    await fill(user, field('Website'), 'not a url');
    await user.click(save());
    expect(await screen.findByText('Display name cannot be empty.')).toBeInTheDocument();
    expect(
      await screen.findByText('Username may only use a-z, 0-9, space, period (.), hyphen (-) and underscore (_).'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Website is not a valid URL (e.g. https://example.com).')).toBeInTheDocument();
    await fill(user, field('Display name'), 'x'.repeat(31));
    expect(await screen.findByText('Display name can be at most 30 characters.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')).toHaveLength(0);
  });

  test('saving sends PUT user/info, shows a toast and refreshes the current user', async () => {
    const { http, user, queryClient } = open();
    await screen.findByLabelText('Display name');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fill(user, field('Display name'), 'Alice Liddell');
    await fill(user, field('Username'), 'alice-l');
    await fill(user, field('Website'), 'https://alice.example.com');
    await fill(user, field('Location'), 'Oxford');
    await user.click(save());
    await waitFor(() => expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')).toHaveLength(1));
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')[0]).toEqual({
      display_name: 'Alice Liddell',
      username: 'alice-l',
      avatar: { type: 'system', gravatar: '', custom: '' },
      bio: 'Hello',
      website: 'https://alice.example.com',
      location: 'Oxford',
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.all }));
  });

  test('server field errors land on their fields', async () => {
    const { user } = open({
      'PUT /answer/api/v1/user/info': envelope(
        [{ error_field: 'username', error_msg: 'This username is already taken.' }],
        400,
        'base.request_format_error',
        'This username is already taken.',
      ),
    });
    await screen.findByLabelText('Display name');
    await fill(user, field('Username'), 'bob');
    await user.click(save());
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    await waitFor(() => expect(field('Username')).toHaveAttribute('aria-invalid', 'true'));
  });

  test('fields the site does not let users change are read-only with a hint, and sent unchanged', async () => {
    const { http, user } = open({}, { ...ALL_ALLOWED, allow_update_username: false, allow_update_avatar: false });
    await screen.findByLabelText('Display name');
    expect(field('Username')).toBeDisabled();
    expect(screen.getAllByText('The site administrator does not allow changing this.')).toHaveLength(2);
    await user.click(save());
    await waitFor(() => expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')).toHaveLength(1));
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')[0]).toMatchObject({
      username: 'alice',
      avatar: { type: 'system', custom: '' },
    });
  });

  test('custom avatar: required file, type and size checked before upload, then uploaded (source=avatar) and saved', async () => {
    const { http, user } = open({ 'POST /answer/api/v1/file': '/uploads/avatar/new.png' });
    await screen.findByLabelText('Display name');
    await user.click(screen.getByRole('radio', { name: 'Custom picture' }));
    await user.click(save());
    expect(await screen.findByText('Please upload an avatar')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')).toHaveLength(0);

    const input = screen.getByLabelText('Upload a picture');
    // A picker set to 'all files' lets any file through: the screen checks it itself.
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only JPEG, PNG or WebP pictures can be uploaded.')).toBeInTheDocument();
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('The picture is larger than 4 MB.')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === '/answer/api/v1/file')).toHaveLength(0);

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'Alice' });
    expect(preview).toHaveAttribute('src', '/uploads/avatar/new.png?s=192');
    const upload = http.calls.find((c) => c.path === '/answer/api/v1/file');
    expect(String(upload?.body)).toContain('name="source"\r\n\r\navatar');
    await user.click(save());
    await waitFor(() => expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')).toHaveLength(1));
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/info')[0]).toMatchObject({
      avatar: { type: 'custom', custom: '/uploads/avatar/new.png' },
    });
  });
});
