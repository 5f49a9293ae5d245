import { useOpenNotificationTab } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { Header } from './header';

const API = '/answer/api/v1';

/** What the notifications screen does when a tab opens (mf-users calls the same shared write). */
function OpenInbox() {
  const { mutate } = useOpenNotificationTab();
  return (
    <button type="button" onClick={() => mutate('inbox')}>
      open inbox
    </button>
  );
}

describe('header dots and the notification tabs', () => {
  it('the bell links to the inbox and its dot clears the moment the inbox tab opens', async () => {
    let opened = false;
    let answer!: (value: unknown) => void;
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo(),
      [`GET ${API}/user/info`]: currentUser(),
      [`GET ${API}/notification/status`]: () => notificationStatus({ inbox: opened ? 0 : 3, achievement: 1 }),
      // The server's answer (and its record of the visit) is held: the dot must not wait for it.
      [`PUT ${API}/notification/status`]: () => new Promise((resolve) => (answer = resolve)),
    });
    await renderShell(
      <>
        <Header />
        <OpenInbox />
      </>,
      { token: 'token-alice' },
    );
    const bell = await screen.findByRole('link', { name: 'Inbox Unread' });
    expect(bell).toHaveAttribute('href', '/users/notifications/inbox');
    expect(screen.getByRole('link', { name: 'Achievements Unread' })).toHaveAttribute(
      'href',
      '/users/notifications/achievement',
    );
    await userEvent.click(screen.getByRole('button', { name: 'open inbox' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Inbox' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Achievements Unread' })).toBeInTheDocument();
    opened = true;
    answer(notificationStatus({ inbox: 0, achievement: 1 }));
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
  });
});
