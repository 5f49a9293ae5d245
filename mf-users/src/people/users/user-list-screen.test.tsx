import { siteKeys } from '@agora/shared-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deferred, envelope, mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '../test/render';
import UserListScreen from './user-list-screen';

const open = () => renderScreen(UserListScreen, { url: '/users', route: '/users' });

const user = (username: string, display_name: string, rank: number, vote_count = 0) => ({
  username,
  display_name,
  rank,
  vote_count,
  avatar: '',
});

describe('the users list', () => {
  test('shows 20 card placeholders while the ranking loads', async () => {
    const pending = deferred();
    mockFetch({ 'GET /answer/api/v1/user/ranking': () => pending.promise });
    open();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.getAllByTestId('placeholder-card')).toHaveLength(20);
  });

  test('ranks users by reputation, lists voters and staff, links to the profiles', async () => {
    mockFetch({
      'GET /answer/api/v1/user/ranking': {
        users_with_the_most_reputation: [user('bob', 'Bob B', 12500), user('carol', 'Carol', 7)],
        users_with_the_most_vote: [user('dave', 'Dave', 1, 42)],
        staffs: [user('admin', 'Site Admin', 1)],
      },
    });
    open();
    const reputation = await screen.findByRole('region', { name: 'Users with the most reputation' });
    const cards = within(reputation).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['BBob B12.5k reputation', 'CCarol7 reputation']);
    expect(within(reputation).getByRole('link', { name: 'Bob B' })).toHaveAttribute('href', '/users/bob');
    const votes = screen.getByRole('region', { name: 'Users who voted the most' });
    expect(within(votes).getByText('42 votes')).toBeInTheDocument();
    const staff = screen.getByRole('region', { name: 'Staff' });
    expect(within(staff).getByRole('link', { name: 'Site Admin' })).toHaveAttribute('href', '/users/admin');
  });

  test('the document title is the page’s and the site’s (the site info the shell loaded)', async () => {
    document.title = 'Before';
    mockFetch({
      'GET /answer/api/v1/user/ranking': {
        users_with_the_most_reputation: [],
        users_with_the_most_vote: [],
        staffs: [],
      },
    });
    const { queryClient } = open();
    await waitFor(() => expect(document.title).toBe('Users'));
    act(() => queryClient.setQueryData(siteKeys.info(), { general: { name: 'Agora' } }));
    await waitFor(() => expect(document.title).toBe('Users - Agora'));
  });

  test('an empty ranking says so; the voters section is left out', async () => {
    mockFetch({
      'GET /answer/api/v1/user/ranking': {
        users_with_the_most_reputation: [],
        users_with_the_most_vote: [],
        staffs: [],
      },
    });
    open();
    expect(await screen.findByText('No one has earned reputation yet.')).toBeInTheDocument();
    expect(screen.getByText('This site has no staff members to show.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Users who voted the most' })).not.toBeInTheDocument();
  });

  test('a failed load is reported, not shown as an empty list', async () => {
    mockFetch({ 'GET /answer/api/v1/user/ranking': envelope(null, 500, 'base.unknown', 'Unknown error') });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
  });
});
