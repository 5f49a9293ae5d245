import { notificationKeys } from '@agora/shared-api';
import { deferred } from '@agora/shared-api/testing';
import { currentLocation } from '@agora/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, entry, open, status } from './test/fixtures';

/** The entries of the list holding `text`. */
const entriesAround = async (text: RegExp) =>
  within((await screen.findByText(text)).closest('ul') as HTMLElement).getAllByRole('listitem');

describe('the inbox', () => {
  test('lists who did what on which post, asking for the inbox with all sub-types', async () => {
    const { pageQueries } = open('/users/notifications/inbox', { count: 1, list: [entry()] });
    const item = await screen.findByText(/answered your question/);
    expect(item.closest('p')).toHaveTextContent('UnreadBob answered your question “How do I parse YAML?”');
    expect(screen.getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/users/bob');
    expect(pageQueries()).toEqual([{ type: 'inbox', inbox_type: 'all', page: '1', page_size: '10' }]);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  test('a sub-type in the address narrows the list; the filters link to each', async () => {
    const { pageQueries } = open('/users/notifications/inbox/votes', {
      count: 1,
      list: [entry({ user_info: undefined, vote_up_count: 3, vote_down_count: 1, notification_action: 'upvoted' })],
    });
    expect(await screen.findByText(/3 upvotes and 1 downvote on/)).toHaveTextContent(
      '3 upvotes and 1 downvote on “How do I parse YAML?”',
    );
    expect(pageQueries()).toEqual([{ type: 'inbox', inbox_type: 'votes', page: '1', page_size: '10' }]);
    const filters = screen.getByRole('navigation', { name: 'Show in the inbox' });
    expect(within(filters).getByRole('link', { name: 'Votes' })).toHaveAttribute('aria-current', 'page');
    expect(within(filters).getByRole('link', { name: 'Invitations' })).toHaveAttribute(
      'href',
      '/users/notifications/inbox/invites',
    );
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/users/notifications/inbox');
  });

  test('a single vote kind reads alone, and a moderation entry gives its reason', async () => {
    open('/users/notifications/inbox', {
      count: 2,
      list: [
        entry({ id: 'n1', vote_up_count: 0, vote_down_count: 2 }),
        entry({
          id: 'n2',
          notification_action: 'closed your question',
          reason: 'Duplicate of another question',
          is_read: true,
        }),
      ],
    });
    expect(await screen.findByText(/2 downvotes on/)).toHaveTextContent('2 downvotes on “How do I parse YAML?”');
    expect(screen.getByText('Reason: Duplicate of another question')).toBeInTheDocument();
  });

  test('unread entries say so in words; read ones do not', async () => {
    open('/users/notifications/inbox', {
      count: 2,
      list: [entry({ id: 'n1', is_read: false }), entry({ id: 'n2', is_read: true, notification_action: 'commented' })],
    });
    const [unread, read] = await entriesAround(/answered your question/);
    expect(within(unread!).getByText('Unread')).toBeInTheDocument();
    expect(within(read!).queryByText('Unread')).not.toBeInTheDocument();
  });

  test('opening an entry marks it read and lands on the exact answer', async () => {
    const { http } = open('/users/notifications/inbox', { count: 1, list: [entry()] });
    await userEvent.click(await screen.findByRole('link', { name: 'How do I parse YAML?' }));
    expect(currentLocation()).toBe('/questions/q1/a2');
    await waitFor(() => expect(http.bodiesOf('PUT', `${API}/notification/read/state`)).toEqual([{ id: 'n1' }]));
  });

  test('a comment entry lands on the comment (?commentId=); a read entry is not marked again', async () => {
    const { http } = open('/users/notifications/inbox', {
      count: 1,
      list: [
        entry({
          is_read: true,
          object_info: { ...entry().object_info, object_map: { question: 'q1', comment: 'c9' } },
        }),
      ],
    });
    await userEvent.click(await screen.findByRole('link', { name: 'How do I parse YAML?' }));
    expect(currentLocation()).toBe('/questions/q1?commentId=c9');
    expect(http.bodiesOf('PUT', `${API}/notification/read/state`)).toEqual([]);
  });

  test('"Mark all as read" reads the whole inbox and the markers go', async () => {
    // The server's side: once everything is read, the list says so.
    let allRead = false;
    const { http } = open(
      '/users/notifications/inbox',
      () => ({
        count: 2,
        list: [entry({ id: 'n1' }), entry({ id: 'n2', notification_action: 'commented' })].map((item) => ({
          ...item,
          is_read: allRead,
        })),
      }),
      { [`PUT ${API}/notification/read/state/all`]: () => ((allRead = true), null) },
    );
    await screen.findByText(/answered your question/);
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', `${API}/notification/read/state/all`)).toEqual([{ type: 'inbox' }]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  test('opening the tab records it, and the cached status the header reads has no dot at once', async () => {
    const answer = deferred();
    const { http, queryClient } = open(
      '/users/notifications/inbox',
      { count: 0, list: [] },
      { [`PUT ${API}/notification/status`]: () => answer.promise },
    );
    queryClient.setQueryData(notificationKeys.status(), status({ inbox: 4, achievement: 2 }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${API}/notification/status`)).toEqual([{ type: 'inbox' }]));
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ inbox: 0 }));
    expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ achievement: 2 });
    answer.resolve(status({ inbox: 0, achievement: 1 }));
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.status())).toMatchObject({ achievement: 1 }));
  });

  test('an empty list says so and offers no button', async () => {
    open('/users/notifications/inbox/invites', { count: 0, list: [] });
    expect(await screen.findByText('No notifications here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  test('pages through the list from the address', async () => {
    const { pageQueries } = open('/users/notifications/inbox?page=2', { count: 25, list: [entry()] });
    await screen.findByText(/answered your question/);
    expect(pageQueries()).toEqual([{ type: 'inbox', inbox_type: 'all', page: '2', page_size: '10' }]);
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('link', { name: /3/ })).toHaveAttribute('href', '/users/notifications/inbox?page=3');
  });

  test('an unknown tab or sub-type goes to the inbox', async () => {
    open('/users/notifications/inbox/nonsense', { count: 0, list: [] });
    await waitFor(() => expect(currentLocation()).toBe('/users/notifications/inbox'));
  });
});
