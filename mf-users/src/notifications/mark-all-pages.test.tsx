import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { API, entry, open } from './test/fixtures';

/**
 * "Mark all as read" reads the whole list, not the page shown: the server holds 12 entries, the newest
 * ten (page 1) read already and the two on page 2 unread.
 */
function serverList() {
  let allRead = false;
  const entries = Array.from({ length: 12 }, (_, i) => entry({ id: `n${i + 1}`, is_read: i < 10 }));
  const page = (call: { query: URLSearchParams }) => {
    const n = Number(call.query.get('page') ?? '1');
    const list = entries.slice((n - 1) * 10, n * 10).map((item) => (allRead ? { ...item, is_read: true } : item));
    return { count: entries.length, list };
  };
  const readAll = () => {
    allRead = true;
    return null;
  };
  return { page, readAll };
}

describe('"Mark all as read" with unread entries on a later page', () => {
  test('is offered on a page whose entries are all read, reads the whole list and refreshes it', async () => {
    const server = serverList();
    const { http } = open('/users/notifications/inbox', server.page, {
      [`PUT ${API}/notification/read/state/all`]: server.readAll,
    });
    await screen.findAllByText(/answered your question/);
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${API}/notification/read/state/all`)).toEqual([{ type: 'inbox' }]),
    );
    // The list is asked again: every page shown from now on comes from the server's new state.
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === 'GET' && c.path === `${API}/notification/page`).length).toBe(2),
    );
  });

  test('on page 2 the unread entries turn read after the click (zh_CN)', async () => {
    await i18next.changeLanguage('zh_CN');
    const server = serverList();
    open('/users/notifications/inbox?page=2', server.page, {
      [`PUT ${API}/notification/read/state/all`]: server.readAll,
    });
    expect(await screen.findAllByText('未读')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.queryByText('未读')).not.toBeInTheDocument());
  });
});
