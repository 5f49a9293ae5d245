import { currentLocation } from '@agora/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, entry, open } from './test/fixtures';

const points = (id: string, rank: number, action: string) =>
  entry({
    id,
    user_info: undefined,
    rank,
    notification_action: action,
    object_info: {
      title: 'How do I parse YAML?',
      object_id: 'q1',
      object_type: 'question',
      object_map: { question: 'q1' },
    },
  });

const award = entry({
  id: 'n9',
  user_info: undefined,
  notification_action_key: 'badge_award',
  notification_action: 'earned a badge',
  object_info: { title: 'Nice Answer', object_id: '5', object_type: 'badge', object_map: { badge_id: '5' } },
});

describe('achievements', () => {
  test('asks for the achievement list (no inbox sub-type) and offers no inbox filters', async () => {
    const { pageQueries } = open('/users/notifications/achievement', { count: 0, list: [] });
    expect(await screen.findByText(/No achievements yet/)).toBeInTheDocument();
    expect(pageQueries()).toEqual([{ type: 'achievement', page: '1', page_size: '10' }]);
    expect(screen.getByRole('link', { name: 'Achievements' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Show in the inbox' })).not.toBeInTheDocument();
  });

  test('points gained and lost per post carry their sign in the text', async () => {
    open('/users/notifications/achievement', {
      count: 2,
      list: [points('n1', 10, 'upvoted'), points('n2', -2, 'downvoted')],
    });
    const gained = (await screen.findByText('+10 points')).closest('li') as HTMLElement;
    expect(gained).toHaveTextContent(/Gained\s*\+10 points\s*upvoted “How do I parse YAML\?”/);
    expect(within(gained).getByText('+10 points')).toHaveClass('notif-points--gained');
    const lost = screen.getByText('-2 points').closest('li') as HTMLElement;
    expect(within(lost).getByText('-2 points')).toHaveClass('notif-points--lost');
    expect(lost).toHaveTextContent(/Lost\s*-2 points/);
    expect(within(lost).getByRole('link', { name: 'How do I parse YAML?' })).toHaveAttribute('href', '/questions/q1');
  });

  test('a badge award links to the badge; opening it marks it read', async () => {
    const { http } = open('/users/notifications/achievement', { count: 1, list: [award] });
    const link = await screen.findByRole('link', { name: 'Nice Answer' });
    expect(link.closest('p')).toHaveTextContent('You earned the badge Nice Answer');
    expect(link).toHaveAttribute('href', '/badges/5');
    await userEvent.click(link);
    expect(currentLocation()).toBe('/badges/5');
    await waitFor(() => expect(http.bodiesOf('PUT', `${API}/notification/read/state`)).toEqual([{ id: 'n9' }]));
  });

  test('opening the tab records the achievement tab, and "Mark all as read" reads that list', async () => {
    const { http } = open('/users/notifications/achievement', { count: 1, list: [points('n1', 10, 'upvoted')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${API}/notification/read/state/all`)).toEqual([{ type: 'achievement' }]),
    );
    expect(http.bodiesOf('PUT', `${API}/notification/status`)).toEqual([{ type: 'achievement' }]);
  });
});
