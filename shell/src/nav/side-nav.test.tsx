import { notificationKeys } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { SideNav } from './side-nav';

const API = '/answer/api/v1';

function setup({ role_id = 1, can_revision = false, revision = 0 } = {}) {
  return mockFetch({
    [`GET ${API}/siteinfo`]: siteInfo(),
    [`GET ${API}/user/info`]: currentUser({ role_id }),
    [`GET ${API}/notification/status`]: notificationStatus({ can_revision, revision }),
  });
}

describe('SideNav', () => {
  it.each([
    ['/', true],
    ['/questions', true],
    ['/questions/123/some-title', true],
    ['/tags', false],
  ])('Questions is the current page at %s: %s', async (path, current) => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<SideNav />, { path });
    const link = screen.getByRole('link', { name: 'Questions' });
    expect(link).toHaveAttribute('href', '/questions');
    if (current) expect(link).toHaveAttribute('aria-current', 'page');
    else expect(link).not.toHaveAttribute('aria-current');
  });

  it('marks Tags and Users as current on their pages', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<SideNav />, { path: '/tags' });
    expect(screen.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/users', true],
    ['/users/alice', true],
    ['/users/notifications/inbox', false],
    ['/users/notifications/achievement', false],
    ['/users/settings', false],
  ])('Users is the current page at %s: %s', async (path, current) => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<SideNav />, { path });
    const link = screen.getByRole('link', { name: 'Users' });
    if (current) expect(link).toHaveAttribute('aria-current', 'page');
    else expect(link).not.toHaveAttribute('aria-current');
  });

  it('lists Badges after Users, current on the catalogue and on a badge page', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<SideNav />, { path: '/badges/10090000000000001' });
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(0, 4)).toEqual(['Questions', 'Tags', 'Users', 'Badges']);
    expect(screen.getByRole('link', { name: 'Badges' })).toHaveAttribute('href', '/badges');
    expect(screen.getByRole('link', { name: 'Badges' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('has no moderation group for visitors', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<SideNav />);
    expect(screen.queryByRole('button', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();
  });

  it('has no moderation group for a user who cannot review', async () => {
    const http = setup({ role_id: 1, can_revision: false });
    const { queryClient } = await renderShell(<SideNav />, { token: 't' });
    // Wait until the notification status has arrived.
    await waitFor(() => expect(queryClient.getQueryData(['notification', 'status'])).toBeDefined());
    expect(http.count('GET', `${API}/notification/status`)).toBe(1);
    expect(screen.queryByRole('button', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it('shows Review (without Admin) when the user can review', async () => {
    setup({ role_id: 1, can_revision: true });
    await renderShell(<SideNav />, { token: 't' });
    expect(await screen.findByRole('button', { name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/review');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the group with Admin for administrators, even when can_revision is false', async () => {
    setup({ role_id: 2, can_revision: false });
    await renderShell(<SideNav />, { token: 't' });
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Review' })).toBeInTheDocument();
  });

  it('gives moderators Review but not Admin', async () => {
    setup({ role_id: 3, can_revision: true });
    await renderShell(<SideNav />, { token: 't' });
    await screen.findByRole('link', { name: 'Review' });
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it.each([
    [0, null],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
  ])('review badge for %i pending shows %s', async (revision, text) => {
    setup({ role_id: 2, revision, can_revision: true });
    await renderShell(<SideNav />, { token: 't' });
    const review = await screen.findByRole('link', { name: /^Review/ });
    if (text === null) {
      expect(review).toHaveTextContent(/^Review$/);
    } else {
      await within(review).findByText(text);
      expect(review).toHaveAccessibleName(`Review ${revision} pending`);
    }
  });

  it('refreshes the badge at once when a review marks the status stale (no wait for the next poll)', async () => {
    let revision = 3;
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo(),
      [`GET ${API}/user/info`]: currentUser({ role_id: 3 }),
      [`GET ${API}/notification/status`]: () => notificationStatus({ can_revision: true, revision }),
    });
    const { queryClient } = await renderShell(<SideNav />, { token: 't' });
    const review = await screen.findByRole('link', { name: 'Review 3 pending' });
    // The review queue (another remote, the same query client) settles a task, then invalidates the status.
    revision = 0;
    await queryClient.invalidateQueries({ queryKey: notificationKeys.status() });
    await waitFor(() => expect(review).toHaveAccessibleName('Review'));
    expect(within(review).queryByText('3')).not.toBeInTheDocument();
  });

  it('collapses and expands the moderation group', async () => {
    setup({ role_id: 2 });
    await renderShell(<SideNav />, { token: 't' });
    const toggle = await screen.findByRole('button', { name: 'Moderation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('link', { name: 'Admin' })).toBeVisible();
  });
});
