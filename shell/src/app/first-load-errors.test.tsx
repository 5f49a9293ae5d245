import { api } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationStatus, siteInfo } from '../test/fixtures';
import { envelope, mockFetch, type Handler } from '../test/http';
import { renderShell } from '../test/render';
import { createAppQueryClient } from './query-client';
import { APP_ROUTES } from './router/app-routes';

// A page's first load fails fast and visibly. The screens are stood in for by one that loads
// a list like a real screen would (a skeleton until its data comes); the query client keeps the app's
// retry policy, so retries meant for refetches would show here as a wait.
vi.mock('../remotes/remote-screen', () => ({ preloadScreen: vi.fn(), RemoteScreen: ListScreen }));

function ListScreen() {
  const list = useQuery({ queryKey: ['test', 'list'], queryFn: () => api.get<string[]>('question/page') });
  if (list.isPending) return <p role="status">Loading the list</p>;
  return (
    <ul aria-label="Questions">
      {list.data?.map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  );
}

const API = '/answer/api/v1';
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

function serve(routes: Record<string, Handler>) {
  return mockFetch({
    [`GET ${API}/siteinfo`]: siteInfo(),
    [`GET ${API}/notification/status`]: notificationStatus(),
    ...routes,
  });
}

async function open(path: string) {
  return renderShell(null, { path, queryClient: createAppQueryClient(), routes: APP_ROUTES });
}

describe('the first load of a page fails fast (no retries meant for refetches)', () => {
  it('a 5xx shows the 50X page at once, after one request', async () => {
    const http = serve({ [`GET ${API}/question/page`]: () => envelope(null, 502, 'base.unknown', 'Bad gateway') });
    await open('/questions');
    expect(await screen.findByRole('heading', { name: 'HTTP Error 50X' }, { timeout: 2_000 })).toBeInTheDocument();
    expect(http.count('GET', `${API}/question/page`)).toBe(1);
  });

  it('no answer at all: an error with a retry in place of the skeleton; the retry loads the page', async () => {
    let down = true;
    const http = serve({
      [`GET ${API}/question/page`]: () => (down ? networkDown() : ['How do I retry?']),
    });
    await open('/questions');
    const panel = await screen.findByRole('alert', {}, { timeout: 2_000 });
    expect(panel).toHaveTextContent('This page could not be loaded');
    expect(screen.queryByText('Loading the list')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument(); // the header keeps working
    expect(http.count('GET', `${API}/question/page`)).toBe(1);

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Questions' })).getByRole('listitem')).toHaveTextContent(
      'How do I retry?',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the application setup itself: the same error and retry', async () => {
    let down = true;
    const http = serve({
      [`GET ${API}/siteinfo`]: () => (down ? networkDown() : siteInfo()),
      [`GET ${API}/question/page`]: ['Back again'],
    });
    await open('/questions');
    expect(await screen.findByRole('alert', {}, { timeout: 2_000 })).toHaveTextContent('This page could not be loaded');
    expect(http.count('GET', `${API}/siteinfo`)).toBe(1);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Questions' })).getByRole('listitem')).toHaveTextContent(
      'Back again',
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
