import { loginModalOpenAtom } from '@agora/shared-api';
import { questionKeys } from '@agora/shared-api/resources/question';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, type RecordedCall } from '@agora/shared-api/testing';
import { ALICE, answerInfo, A1, BOB, currentUser, QID, questionInfo } from './test/fixtures';
import { renderDetail } from './test/render';
import { serve, V1 } from './test/serve';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));
vi.mock('../comments', () => import('./test/comments-mock'));

const heading = () => screen.findByRole('heading', { level: 1, name: 'How do I read a file?' });

afterEach(() => {
  getDefaultStore().set(loginModalOpenAtom, false);
});

describe('question detail: the question', () => {
  it('shows title, body, tags, stats and the author; sets the page title', async () => {
    const http = serve({
      question: questionInfo({ view_count: 12_345, follow_count: 1, collection_count: 7 }),
    });
    renderDetail(`/questions/${QID}`);
    await heading();
    expect(http.calls.find((c) => c.path === `${V1}/question/info`)!.query.get('id')).toBe(QID);
    expect(await screen.findByTestId('post-content')).toHaveTextContent('I want to read a text file line by line.');
    expect(screen.getByRole('link', { name: 'Node.js' })).toHaveAttribute('href', '/tags/node');
    const stats = screen.getByRole('list', { name: 'Question statistics' });
    expect(within(stats).getByText('Viewed 12.3k times')).toBeInTheDocument();
    expect(within(stats).getByText('1 follower')).toBeInTheDocument();
    expect(within(stats).getByText('1h ago').tagName).toBe('TIME');
    const author = screen.getByRole('link', { name: 'Alice' });
    expect(author).toHaveAttribute('href', '/users/alice');
    expect(screen.getByText('Reputation 1,234')).toBeInTheDocument();
    // The card reads 'Alice Reputation 1,234 / asked 1h ago': the verb and time after the name, no 'Asked by'.
    const card = author.closest('.qa-author') as HTMLElement;
    expect(card).toHaveTextContent(/Alice Reputation 1,234\s*asked 1h ago$/);
    expect(card).not.toHaveTextContent(/asked by/i);
    expect(screen.getByText('7 bookmarks')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('How do I read a file? - Agora Demo'));
    // No badges on an open, listed question.
    expect(screen.queryByText('Closed')).not.toBeInTheDocument();
    expect(screen.queryByText('Unlisted')).not.toBeInTheDocument();
  });

  it('a closed question shows its badge, the close reason and a notice instead of the answer form', async () => {
    serve({
      question: questionInfo({
        status: 2,
        show: 2,
        operation: {
          type: 'closed',
          description: 'This question was closed as off-topic.',
          msg: 'Ask it on the cooking site.',
          time: 1_700_000_000,
          level: 'info',
        },
      }),
    });
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const title = await heading();
    const badges = title.nextElementSibling as HTMLElement;
    expect(within(badges).getByText('Closed')).toBeInTheDocument();
    expect(within(badges).getByText('Unlisted')).toBeInTheDocument();
    const note = screen.getAllByRole('note')[0]!;
    expect(note).toHaveTextContent('This question is closed.');
    expect(note).toHaveTextContent('This question was closed as off-topic.');
    expect(note).toHaveTextContent('Reason: Ask it on the cooking site.');
    expect(screen.getByText('This question is closed: it no longer accepts answers.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post your answer' })).not.toBeInTheDocument();
  });

  it('a deleted question is marked deleted', async () => {
    serve({ question: questionInfo({ status: 10 }) });
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    await heading();
    expect(screen.getAllByText('Deleted').length).toBeGreaterThan(0);
    expect(screen.getByText('This question has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('This question is deleted: it no longer accepts answers.')).toBeInTheDocument();
  });

  it('replaces a URL whose slug is not the current one with the canonical address (permalink 1)', async () => {
    serve({ permalink: 1 });
    renderDetail(`/questions/${QID}/old-title?x=1`);
    await heading();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/questions/${QID}/how-do-i-read-a-file?x=1`),
    );
  });

  it('drops the slug when the permalink setting has none (permalink 2)', async () => {
    serve({ permalink: 2, answers: [answerInfo(A1)] });
    renderDetail(`/questions/${QID}/whatever`);
    await heading();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/questions/${QID}$`)));
  });

  it('shows placeholder rows while the question loads', async () => {
    const pending = deferred();
    serve({ question: () => pending.promise });
    renderDetail(`/questions/${QID}`);
    expect(await screen.findAllByTestId('placeholder-row')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    pending.resolve(questionInfo());
    await heading();
    // Then the answers' own placeholder, until they are there too.
    await waitFor(() => expect(screen.queryAllByTestId('placeholder-row')).toHaveLength(0));
  });

  it('a question that does not exist asks for the 404 page (meta allow404)', async () => {
    serve({ question: envelope(null, 404, 'error.question.not_found', 'Question not found') });
    const { queryClient } = renderDetail(`/questions/${QID}`);
    expect(await screen.findByText('The question could not be loaded.')).toBeInTheDocument();
    const query = queryClient.getQueryCache().findAll({ queryKey: questionKeys.detail(QID) })[0]!;
    expect(query.meta).toMatchObject({ allow404: true });
  });
});

describe('question detail: votes, bookmark, follow', () => {
  it('voting up sends vote/up; choosing the active direction again cancels it (aria-pressed follows)', async () => {
    let status = '';
    const http = serve(
      {},
      {
        [`POST ${V1}/vote/up`]: (call: RecordedCall) => {
          const cancel = (call.body as { is_cancel: boolean }).is_cancel;
          status = cancel ? '' : 'vote_up';
          return { up_votes: cancel ? 0 : 1, down_votes: 0, votes: cancel ? 3 : 4, vote_status: status };
        },
        [`POST ${V1}/vote/down`]: { up_votes: 0, down_votes: 1, votes: 2, vote_status: 'vote_down' },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await heading();
    const votes = screen.getAllByRole('group', { name: 'Votes' })[0]!;
    const up = within(votes).getByRole('button', { name: 'Vote up' });
    const down = within(votes).getByRole('button', { name: 'Vote down' });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(within(votes).getByText('3 votes')).toBeInTheDocument();

    await user.click(up);
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(within(votes).getByText('4 votes')).toBeInTheDocument();
    await user.click(up);
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'false'));
    expect(within(votes).getByText('3 votes')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${V1}/vote/up`)).toEqual([
      { object_id: QID, is_cancel: false },
      { object_id: QID, is_cancel: true },
    ]);

    await user.click(down);
    await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'true'));
    expect(http.bodiesOf('POST', `${V1}/vote/down`)).toEqual([{ object_id: QID, is_cancel: false }]);
    expect(up).toHaveAttribute('aria-pressed', 'false');
  });

  it('a refused vote (own post) changes nothing', async () => {
    serve(
      {},
      {
        [`POST ${V1}/vote/up`]: envelope(
          { err_type: 'toast' },
          400,
          'error.object.disallow_vote_your_self',
          "You can't vote for your own post.",
        ),
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    await heading();
    const votes = screen.getAllByRole('group', { name: 'Votes' })[0]!;
    const up = within(votes).getByRole('button', { name: 'Vote up' });
    await user.click(up);
    await waitFor(() => expect(up).not.toHaveAttribute('aria-busy'));
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(within(votes).getByText('3 votes')).toBeInTheDocument();
  });

  it('a visitor gets the login-to-continue prompt instead of a vote, bookmark or follow request', async () => {
    const http = serve();
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`);
    await heading();
    await user.click(screen.getAllByRole('button', { name: 'Vote up' })[0]!);
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    getDefaultStore().set(loginModalOpenAtom, false);
    await user.click(screen.getByRole('button', { name: 'Bookmark this question' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    getDefaultStore().set(loginModalOpenAtom, false);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // And the answer form is a login prompt.
    expect(screen.getByText(/^Log in or sign up to answer this question\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/users/login');
  });

  it('bookmark toggles with its count (collection/switch) and follow toggles (follow)', async () => {
    const http = serve(
      {},
      {
        [`POST ${V1}/collection/switch`]: (call: RecordedCall) => ({
          object_collection_count: (call.body as { bookmark: boolean }).bookmark ? 2 : 1,
        }),
        [`POST ${V1}/follow`]: (call: RecordedCall) =>
          (call.body as { is_cancel: boolean }).is_cancel
            ? { follows: 1, is_followed: false }
            : { follows: 2, is_followed: true },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await heading();
    const bookmark = screen.getByRole('button', { name: 'Bookmark this question' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await user.click(bookmark);
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('2 bookmarks')).toBeInTheDocument();
    await user.click(bookmark);
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('1 bookmark')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${V1}/collection/switch`)).toEqual([
      { group_id: '0', object_id: QID, bookmark: true },
      { group_id: '0', object_id: QID, bookmark: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 followers')).toBeInTheDocument();
    await user.click(following);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(http.bodiesOf('POST', `${V1}/follow`)).toEqual([
      { object_id: QID, is_cancel: false },
      { object_id: QID, is_cancel: true },
    ]);
  });
});
