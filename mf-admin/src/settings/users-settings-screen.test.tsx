import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openSettings, saveButton } from './test/open';
import UsersSettingsScreen from './users-settings-screen';

const USERS = {
  default_avatar: 'system',
  gravatar_base_url: '',
  allow_update_display_name: true,
  allow_update_username: true,
  allow_update_avatar: true,
  allow_update_bio: true,
  allow_update_website: false,
  allow_update_location: true,
};
const open = () =>
  openSettings(UsersSettingsScreen, {
    'GET siteinfo/users': USERS,
    'PUT siteinfo/users': ({ body }: { body: unknown }) => body,
  });

describe('Settings → Users settings', () => {
  it('needs a valid Gravatar base URL once Gravatar is the default avatar', async () => {
    const { user, puts } = open();
    await user.click(await screen.findByRole('radio', { name: 'Gravatar' }));
    await user.click(saveButton());
    expect(await screen.findByText('Gravatar base URL cannot be empty with Gravatar avatars.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Gravatar base URL'), 'gravatar');
    expect(await screen.findByText('Gravatar base URL is not a valid address.')).toBeInTheDocument();
    expect(puts('siteinfo/users')).toHaveLength(0);
  });

  it('saves which fields members may change and the default avatar', async () => {
    const { user, puts } = open();
    expect(await screen.findByRole('switch', { name: 'Website' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Username' }));
    await user.click(screen.getByRole('switch', { name: 'Website' }));
    await user.click(screen.getByRole('radio', { name: 'Gravatar' }));
    await fill(user, screen.getByLabelText('Gravatar base URL'), 'https://www.gravatar.com/avatar/');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/users')).toHaveLength(1));
    expect(puts('siteinfo/users')[0]).toEqual({
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: false,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    });
  });
});
