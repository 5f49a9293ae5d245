import { mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '@agora/shared-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsScreen from './settings-screen';

const API = '/answer/api/v1';
const off = { key: 'email', enable: false };
const SITEINFO = { general: { name: 'Agora' }, interface: { time_zone: 'UTC' }, site_seo: { permalink: 2 } };

function open(config: Record<string, unknown>) {
  const http = mockFetch(
    {
      [`GET ${API}/user/notification/config`]: config,
      [`PUT ${API}/user/notification/config`]: null,
      [`GET ${API}/tags/following`]: [],
    },
    { siteinfo: SITEINFO },
  );
  renderScreen(SettingsScreen, { url: '/users/settings/notify', routes: ['/users/settings/:setting'] });
  return http;
}

const digestSwitch = () =>
  screen.findByRole('switch', { name: 'Weekly digest of new questions in tags I follow' }, { timeout: 10_000 });

describe('settings: the weekly digest switch', () => {
  test('is off when the server has none, and switching it on saves it with the other e-mails', async () => {
    const http = open({
      inbox: { key: 'email', enable: true },
      all_new_question: off,
      all_new_question_for_following_tags: off,
    });
    const digest = await digestSwitch();
    expect(digest).not.toBeChecked();
    await userEvent.click(digest);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${API}/user/notification/config`)).toEqual([
        {
          inbox: { key: 'email', enable: true },
          all_new_question: off,
          all_new_question_for_following_tags: off,
          weekly_digest: { key: 'email', enable: true },
        },
      ]),
    );
  });

  test('shows the saved state and can be switched off again', async () => {
    const http = open({
      inbox: off,
      all_new_question: off,
      all_new_question_for_following_tags: off,
      weekly_digest: { key: 'email', enable: true },
    });
    const digest = await digestSwitch();
    expect(digest).toBeChecked();
    await userEvent.click(digest);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${API}/user/notification/config`)).toHaveLength(1));
    expect(http.bodiesOf('PUT', `${API}/user/notification/config`)[0]).toMatchObject({ weekly_digest: off });
  });
});
