import { userKeys } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, mockFetch, type Handler } from '@agora/shared-api/testing';
import { ME, renderScreen } from '../test/render';
import { setupUser } from '../test/user';
import ProfileScreen from './profile-screen';

const ROUTES = ['/users/:username', '/users/:username/:tabName'];

const BOB = {
  id: '7',
  username: 'bob',
  display_name: 'Bob Builder',
  avatar: '/uploads/avatar/abc.png',
  rank: 1234,
  bio: '**hi**',
  bio_html: '<p><strong>hi</strong> there</p>',
  website: 'https://bob.example.com',
  location: 'Lyon',
  status: 'normal',
  created_at: Date.UTC(2024, 0, 15, 23, 30) / 1000,
  last_login_date: Math.floor(Date.now() / 1000) - 120,
};

const question = (id: string, title: string, votes = 0, answers = 0) => ({
  question_id: id,
  title,
  url_title: title.toLowerCase().replace(/\s+/g, '-'),
  vote_count: votes,
  answer_count: answers,
  tags: [{ slug_name: 'go', display_name: 'Go' }],
  created_at: Math.floor(Date.now() / 1000) - 3600,
});

function open(url: string, routes: Record<string, Handler> = {}, user = null as typeof ME | null) {
  const http = mockFetch({
    'GET /answer/api/v1/siteinfo': {
      general: { name: 'Agora' },
      interface: { language: 'en_US', time_zone: 'Asia/Tokyo' },
      site_seo: { permalink: 1, robots: '' },
    },
    'GET /answer/api/v1/personal/user/info': BOB,
    'GET /answer/api/v1/personal/qa/top': { question: [], answer: [] },
    ...routes,
  });
  const view = renderScreen(ProfileScreen, { url, route: ROUTES, user });
  return { http, ...view };
}

describe('a user profile', () => {
  test('header: picture with the size hint, names, reputation, sanitized bio, safe website link, dates in the site time zone', async () => {
    open('/users/bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('there').closest('div')).toContainHTML('<strong>hi</strong>');
    const link = screen.getByRole('link', { name: 'bob.example.com' });
    expect(link).toHaveAttribute('href', 'https://bob.example.com/');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(document.querySelector('img.agora-avatar')).toHaveAttribute('src', '/uploads/avatar/abc.png?s=192');
    expect(screen.getByText('Lyon')).toBeInTheDocument();
    // 23:30 UTC on 15 January is already 16 January in Tokyo.
    expect(screen.getByText(/Jan 16, 2024/)).toBeInTheDocument();
    expect(screen.getByText('2m ago')).toBeInTheDocument();
  });

  test('the document title names the member and the site', async () => {
    document.title = 'Before';
    open('/users/bob/answers', { 'GET /answer/api/v1/personal/answer/page': { count: 0, list: [] } });
    await waitFor(() => expect(document.title).toBe('Bob Builder - Agora'));
  });

  test('the personal info request names the user; an unknown user is a 404 (allow404)', async () => {
    const { http, queryClient } = open('/users/ghost', {
      'GET /answer/api/v1/personal/user/info': envelope(null, 404, 'error.user.not_found', 'User not found'),
    });
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    const query = queryClient.getQueryCache().findAll({ queryKey: userKeys.profile('ghost') })[0];
    expect(query?.meta).toMatchObject({ allow404: true });
    expect(http.calls.some((c) => c.path === '/answer/api/v1/personal/user/info')).toBe(true);
  });

  test('overview lists the top answers and questions; empty lists say so', async () => {
    open('/users/bob', {
      'GET /answer/api/v1/personal/qa/top': {
        question: [question('q1', 'How to build', 5, 2)],
        answer: [],
      },
    });
    const top = await screen.findByRole('region', { name: 'Top questions' });
    expect(within(top).getByRole('link', { name: 'How to build' })).toHaveAttribute(
      'href',
      '/questions/q1/how-to-build',
    );
    const answers = screen.getByRole('region', { name: 'Top answers' });
    expect(within(answers).getByText(/couldn't find anything/)).toBeInTheDocument();
  });

  test('visitors get no bookmarks or votes tabs; the owner does', async () => {
    open('/users/bob');
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Answers', 'Questions', 'Badges', 'Reputation', 'Comments']);
  });

  test('the owner sees Bookmarks at /users/{name}/bookmarks, from personal/collection/page', async () => {
    const me = { ...ME, username: 'bob' };
    const { http } = open(
      '/users/bob/bookmarks',
      {
        'GET /answer/api/v1/personal/collection/page': {
          count: 1,
          list: [
            { id: 'q9', title: 'Saved one', url_title: 'saved-one', vote_count: 3, answer_count: 1, create_time: 1 },
          ],
        },
      },
      me,
    );
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    expect(within(nav).getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Votes' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Saved one' })).toHaveAttribute('href', '/questions/q9/saved-one');
    expect(screen.getByRole('heading', { name: '1 bookmark' })).toBeInTheDocument();
    const call = http.calls.find((c) => c.path === '/answer/api/v1/personal/collection/page');
    expect(call).toBeDefined();
  });

  test('questions tab: paged by 15 with the order sort; changing the sort drops the page', async () => {
    const { http } = open('/users/bob/questions?page=2', {
      'GET /answer/api/v1/personal/question/page': () => ({
        count: 31,
        list: [question('q16', 'Sixteenth')],
      }),
    });
    expect(await screen.findByRole('link', { name: 'Sixteenth' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '31 questions' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/users/bob/questions?page=3');
    const user = setupUser();
    await user.click(screen.getByRole('link', { name: 'Score' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users/bob/questions?order=score'));
    await waitFor(() =>
      expect(http.calls.filter((c) => c.path === '/answer/api/v1/personal/question/page').length).toBe(2),
    );
  });

  test('reputation, comments and answers tabs show the real rows', async () => {
    open('/users/bob/reputation', {
      'GET /answer/api/v1/personal/rank/page': {
        count: 2,
        list: [
          {
            created_at: 1,
            object_id: 'a1',
            question_id: 'q1',
            answer_id: 'a1',
            object_type: 'answer',
            title: 'Up',
            url_title: 'up',
            reputation: 10,
            rank_type: 'upvoted',
          },
          {
            created_at: 2,
            object_id: 'q2',
            question_id: 'q2',
            object_type: 'question',
            title: 'Down',
            url_title: 'down',
            reputation: -2,
            rank_type: 'downvoted',
          },
        ],
      },
    });
    expect(await screen.findByText('+10')).toBeInTheDocument();
    expect(screen.getByText('-2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Up' })).toHaveAttribute('href', '/questions/q1/up/a1');
    expect(screen.getByRole('link', { name: 'Down' })).toHaveAttribute('href', '/questions/q2/down');
  });

  test('an empty tab shows the empty-list message', async () => {
    open('/users/bob/comments', { 'GET /answer/api/v1/personal/comment/page': { count: 0, list: [] } });
    expect(await screen.findByText(/couldn't find anything/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 comments' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('switching profile tabs', () => {
  test('the next tab never shows the previous tab’s rows', async () => {
    const rank = deferredRank();
    open('/users/bob/answers', {
      'GET /answer/api/v1/personal/answer/page': {
        count: 1,
        list: [
          {
            answer_id: 'a7',
            question_id: 'q7',
            accepted: 2,
            vote_count: 4,
            create_time: 1,
            update_time: 1,
            question_info: { title: 'Answered one', url_title: 'answered-one', tags: [] },
          },
        ],
      },
      'GET /answer/api/v1/personal/rank/page': () => rank.promise,
    });
    expect(await screen.findByRole('link', { name: 'Answered one' })).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('link', { name: 'Reputation' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Answered one' })).not.toBeInTheDocument());
    // The answers' rows are not rendered as reputation rows while the new tab loads.
    expect(document.querySelectorAll('.people-row')).toHaveLength(0);
    rank.resolve({
      count: 1,
      list: [
        {
          created_at: 1,
          object_id: 'q8',
          question_id: 'q8',
          answer_id: '',
          object_type: 'question',
          title: 'Voted one',
          url_title: 'voted-one',
          content: '',
          reputation: 10,
          rank_type: 'Question upvoted',
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Voted one' })).toBeInTheDocument();
    expect(screen.getByText('+10')).toBeInTheDocument();
  });
});

function deferredRank() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}
