import { notificationKeys } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { Header } from './header';

const API = '/answer/api/v1';
/** Toasts load antd on first use: seconds in jsdom on a busy machine. */
const LAZY_ANTD = { timeout: 20_000 };
vi.setConfig({ testTimeout: 30_000 });

const award = (id: string) => ({ notification_id: id, badge_id: '5', name: 'Nice Answer', icon: 'trophy', level: 1 });

/** A member whose status names a badge award until its notification is read; the read can be held. */
function serve(notificationId: string, holdRead?: Promise<unknown>) {
  let read = false;
  const reads: unknown[] = [];
  const http = mockFetch({
    [`GET ${API}/siteinfo`]: siteInfo(),
    [`GET ${API}/user/info`]: currentUser(),
    [`GET ${API}/notification/status`]: () => notificationStatus({ badge_award: read ? null : award(notificationId) }),
    [`PUT ${API}/notification/read/state`]: async (request: Request) => {
      reads.push(await request.json());
      await holdRead;
      read = true;
      return null;
    },
  });
  return { http, reads };
}

describe('badge award toast', () => {
  it('pops once with a link to the badge, and marks the award read', async () => {
    const { reads } = serve('n1');
    const { queryClient } = await renderShell(<Header />, { token: 'token-alice', path: '/tags' });
    const link = await screen.findByRole('link', { name: 'Nice Answer' }, LAZY_ANTD);
    expect(link.closest('span')).toHaveTextContent('You earned the badge Nice Answer');
    expect(link).toHaveAttribute('href', '/badges/5');
    await waitFor(() => expect(reads).toEqual([{ id: 'n1' }]));
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ badge_award: null }),
    );
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/badges/5');
  });

  it('does not pop twice while the read is under way, though the header remounts and the status names it', async () => {
    let release!: () => void;
    const { reads } = serve('n2', new Promise<void>((resolve) => (release = resolve)));
    const first = await renderShell(<Header />, { token: 'token-alice' });
    await screen.findByRole('link', { name: 'Nice Answer' }, LAZY_ANTD);
    await waitFor(() => expect(reads).toHaveLength(1));
    // Another layout mounts the header again while the read waits; its polls still name the award.
    first.unmount();
    const { queryClient } = await renderShell(<Header />, { token: 'token-alice', queryClient: first.queryClient });
    await queryClient.refetchQueries({ queryKey: notificationKeys.status() });
    expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ badge_award: award('n2') });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(screen.queryByRole('link', { name: 'Nice Answer' })).not.toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ badge_award: null }),
    );
    expect(reads).toEqual([{ id: 'n2' }]);
  });
});
