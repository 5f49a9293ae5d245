import { envelope, mockFetch, type Handler } from '@agora/shared-api/testing';
import { currentLocation, renderScreen } from '@agora/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProfileScreen from '../profile/profile-screen';
import { SITEINFO, userBadge, V1 } from './fixtures';

const ROUTES = ['/users/:username', '/users/:username/:tabName'];

const BOB = {
  id: '8',
  username: 'bob',
  display_name: 'Bob',
  avatar: '',
  rank: 10,
  bio: '',
  bio_html: '',
  website: '',
  location: '',
  status: 'normal',
  created_at: 0,
  last_login_date: 0,
};

const ALL = [userBadge('21', 'Nice answer', 3, 2), userBadge('22', 'First question'), userBadge('23', 'Legend', 1, 3)];

function open(url: string, routes: Record<string, Handler> = {}) {
  const http = mockFetch(
    {
      [`GET ${V1}/personal/user/info`]: BOB,
      [`GET ${V1}/personal/qa/top`]: { question: [], answer: [] },
      [`GET ${V1}/badge/user/awards`]: { count: ALL.length, list: ALL },
      [`GET ${V1}/badge/user/awards/recent`]: { count: 2, list: ALL.slice(0, 2) },
      ...routes,
    },
    { siteinfo: SITEINFO },
  );
  renderScreen(ProfileScreen, { url, routes: ROUTES, user: null });
  return http;
}

const chip = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('badges on a profile', () => {
  it('has a Badges tab at /users/{name}/badges', async () => {
    open('/users/bob');
    const tabs = await screen.findByRole('navigation', { name: 'Profile sections' });
    const tab = within(tabs).getByRole('link', { name: 'Badges' });
    expect(tab).toHaveAttribute('href', '/users/bob/badges');
    await userEvent.setup().click(tab);
    await waitFor(() => expect(currentLocation()).toBe('/users/bob/badges'));
    expect(await screen.findByRole('heading', { level: 2, name: '3 badges' })).toBeInTheDocument();
  });

  it('lists every badge the member holds, asked by username, with level and how many times', async () => {
    const http = open('/users/bob/badges');
    expect(await screen.findByRole('heading', { level: 2, name: '3 badges' })).toBeInTheDocument();
    expect(http.calls.find((c) => c.path === `${V1}/badge/user/awards`)!.query.get('username')).toBe('bob');
    const tab = screen.getByRole('region', { name: 'Badges' });
    expect(within(tab).getAllByRole('link')).toHaveLength(3);
    expect(within(chip('Nice answer')).getByRole('link')).toHaveAttribute('href', '/badges/21');
    expect(within(chip('Nice answer')).getByText('Silver')).toBeInTheDocument();
    expect(within(chip('Nice answer')).getByText('×3')).toBeInTheDocument();
    expect(within(chip('Nice answer')).getByText('earned 3 times')).toBeInTheDocument();
    expect(within(chip('First question')).queryByText(/×/)).not.toBeInTheDocument();
    expect(within(chip('Legend')).getByText('Gold')).toBeInTheDocument();
  });

  it('says so when the member holds none', async () => {
    open('/users/bob/badges', { [`GET ${V1}/badge/user/awards`]: { count: 0, list: [] } });
    expect(await screen.findByRole('heading', { level: 2, name: '0 badges' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nice answer' })).not.toBeInTheDocument();
  });

  it('shows the latest badges on the overview, each linking to its page, and the link to all of them', async () => {
    const http = open('/users/bob');
    const card = await screen.findByRole('region', { name: 'Recent badges' });
    expect(http.calls.find((c) => c.path === `${V1}/badge/user/awards/recent`)!.query.get('username')).toBe('bob');
    expect(within(card).getByRole('link', { name: 'Nice answer' })).toHaveAttribute('href', '/badges/21');
    expect(within(card).getByRole('link', { name: 'First question' })).toHaveAttribute('href', '/badges/22');
    expect(within(card).queryByRole('link', { name: 'Legend' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All badges' })).toHaveAttribute('href', '/users/bob/badges');
  });

  it('the card says when there are none', async () => {
    open('/users/bob', { [`GET ${V1}/badge/user/awards/recent`]: { count: 0, list: [] } });
    const card = await screen.findByRole('region', { name: 'Recent badges' });
    expect(within(card).getByText('No badges yet.')).toBeInTheDocument();
  });

  it('the card stays away when it cannot load, leaving the rest of the overview', async () => {
    const http = open('/users/bob', {
      [`GET ${V1}/badge/user/awards/recent`]: envelope(null, 500, 'base.unknown', 'Unknown error'),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Top answers' })).toBeInTheDocument();
    await waitFor(() => expect(http.calls.some((c) => c.path === `${V1}/badge/user/awards/recent`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Recent badges' })).not.toBeInTheDocument();
  });
});
