import { hasSession } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notificationStatus, siteInfo } from '../test/fixtures';
import { envelope, mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { createAppQueryClient } from './query-client';
import { APP_ROUTES } from './router/app-routes';

vi.mock('../remotes/remote-screen', () => ({
  preloadScreen: vi.fn(),
  RemoteScreen: ({ remote, screen }: { remote: string; screen: string }) => (
    <p data-testid="screen">{`${remote}/${screen}`}</p>
  ),
}));
vi.setConfig({ testTimeout: 30_000 });

const API = '/answer/api/v1';
const UNTIL = 1893456000;
const suspended = () =>
  envelope({ type: 'suspended', suspended_until: UNTIL }, 403, 'error.user.suspended', 'Your account is suspended.');

describe('a member suspended while using the site', () => {
  it('is sent to the suspended page with the end of the suspension, and the session ends', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo(),
      [`GET ${API}/user/info`]: suspended,
      [`GET ${API}/notification/status`]: suspended,
    });
    await renderShell(null, {
      path: '/questions',
      token: 'token',
      queryClient: createAppQueryClient({ retry: false }),
      routes: APP_ROUTES,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/users/account-suspended?until=${UNTIL}`),
    );
    expect(await screen.findByTestId('screen')).toHaveTextContent('mf_users/account-suspended');
    expect(hasSession()).toBe(false);
    // Now a visitor: the header offers logging in again.
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends a visitor who opens the suspended page without a suspension home', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo(), [`GET ${API}/notification/status`]: notificationStatus() });
    await renderShell(null, {
      path: '/users/account-suspended',
      queryClient: createAppQueryClient({ retry: false }),
      routes: APP_ROUTES,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
