// The search screen: /search?q=, the empty-list message, sorts and syntax, GET search and the
// `search` captcha.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderScreen } from '../test/render';
import { envelope, mockFetch, type Handler, type RecordedCall } from '@agora/shared-api/testing';
import SearchScreen from './search-screen';
import { hit, ROUTES, SEARCH, site, SITEINFO, V1 } from './test/fixtures';

const EMPTY_MESSAGE = "We couldn't find anything. Try different or less specific keywords.";

function serve(search: Handler, more: Record<string, Handler> = {}, permalink = 2) {
  return mockFetch({ [SITEINFO]: site(permalink), [SEARCH]: search, ...more });
}

const searchCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === `${V1}/search`);
const open = (url: string) => renderScreen(SearchScreen, { url, routes: ROUTES, user: null });
const results = () => screen.findByRole('list', { name: 'Search results' });
const items = async () =>
  within(await results())
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('qa-search-hit'));

describe('search: the request and the page', () => {
  it('asks GET search with the address’s query, sort and page, 20 a page', async () => {
    const http = serve({ count: 45, list: [hit()] });
    open('/search?q=%20react%20hooks%20&order=newest&page=2');
    await results();
    const calls = searchCalls(http.calls);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ q: 'react hooks', order: 'newest', page: '2', size: '20' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    expect(screen.getByText('react hooks', { selector: 'q' })).toBeInTheDocument();
    expect(screen.getByText('45 results')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search results for "react hooks" - Agora Demo'));
  });

  it('defaults to relevance and page 1; an unknown sort or page means the default', async () => {
    const http = serve({ count: 1, list: [hit()] });
    open('/search?q=hooks&order=frequent&page=zero');
    await results();
    expect(Object.fromEntries(searchCalls(http.calls)[0]!.query)).toEqual({
      q: 'hooks',
      order: 'relevance',
      page: '1',
      size: '20',
    });
  });

  it('sort links keep the query and drop the page; pages link with the query and sort', async () => {
    serve({ count: 45, list: [hit()] });
    const user = userEvent.setup();
    open('/search?q=hooks&order=score&page=2');
    await results();
    const sorts = screen.getByRole('group', { name: 'Sort search results' });
    expect(within(sorts).getByRole('link', { name: 'Score' })).toHaveAttribute('aria-current', 'true');
    expect(within(sorts).getByRole('link', { name: 'Relevance' })).toHaveAttribute(
      'href',
      '/search?q=hooks&order=relevance',
    );
    expect(within(sorts).getByRole('link', { name: 'Newest' })).toHaveAttribute('href', '/search?q=hooks&order=newest');
    const pages = screen.getByRole('navigation', { name: 'Search result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/search?q=hooks&order=score&page=3',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/search?q=hooks&order=score');
    await user.click(within(sorts).getByRole('link', { name: 'Active' }));
    expect(currentLocation()).toBe('/search?q=hooks&order=active');
  });

  it('shows ten placeholder rows while the results load', async () => {
    let release!: (v: unknown) => void;
    serve(() => new Promise((resolve) => (release = resolve)));
    open('/search?q=hooks');
    expect(await screen.findAllByTestId('placeholder-row')).toHaveLength(10);
    release(envelope({ count: 0, list: [] }));
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
  });
});

describe('search: the hits', () => {
  it('a question: Q badge, votes, answers with the accepted state, title link, tags, author and time', async () => {
    serve({ count: 1, list: [hit({ vote_count: 12, answer_count: 3, accepted: true })] });
    open('/search?q=hooks');
    const [first] = await items();
    const item = within(first!);
    expect(item.getByText('Question')).toHaveClass('qa-visually-hidden');
    expect(item.getByText('Q')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'How do I use React hooks?' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(item.getByRole('heading', { level: 2, name: 'Question How do I use React hooks?' })).toBeInTheDocument();
    expect(item.getByText('12 votes')).toBeInTheDocument();
    expect(item.getByText('3 answers')).toBeInTheDocument();
    expect(item.getByText('(an answer is accepted)')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'React' })).toHaveAttribute('href', '/tags/react');
    expect(item.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', '/users/alice');
    expect(item.getByText('asked')).toBeInTheDocument();
    expect(item.getByText('5m ago').tagName).toBe('TIME');
  });

  it('an answer links to the answer (with the slug when the permalink setting asks for it) and has no answer count', async () => {
    serve(
      {
        count: 2,
        list: [
          hit({ id: '10020000000000005', accepted: true }, 'answer'),
          hit({ id: '10010000000000009', title: 'Second', url_title: 'second' }),
        ],
      },
      {},
      1,
    );
    open('/search?q=hooks');
    const [answer, question] = await items();
    const a = within(answer!);
    expect(a.getByText('Answer')).toHaveClass('qa-visually-hidden');
    expect(a.getByText('A')).toBeInTheDocument();
    expect(a.getByRole('link', { name: 'How do I use React hooks?' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001/how-do-i-use-react-hooks/10020000000000005',
    );
    expect(a.getByText('Accepted')).toBeInTheDocument();
    expect(a.getByText('answered')).toBeInTheDocument();
    expect(a.queryByText(/answers?$/)).not.toBeInTheDocument();
    expect(within(question!).getByRole('link', { name: 'Second' })).toHaveAttribute(
      'href',
      '/questions/10010000000000009/second',
    );
  });

  it('marks the searched words and phrases in the excerpt and title, as text', async () => {
    serve({
      count: 1,
      list: [
        hit({
          title: 'Hooks in React',
          excerpt: 'Use <b>hooks</b> with React; reactjs too, but not preact. An exact phrase here.',
        }),
      ],
    });
    open('/search?q=react%20hooks%20%22exact%20phrase%22');
    const [first] = await items();
    const marks = [...first!.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Hooks', 'React', 'hooks', 'React', 'react', 'exact phrase']);
    // The excerpt is plain text: its angle brackets are shown, never parsed.
    expect(first!.querySelector('b')).toBeNull();
    expect(first!.querySelector('.qa-search-hit__excerpt')).toHaveTextContent(
      'Use <b>hooks</b> with React; reactjs too, but not preact. An exact phrase here.',
    );
  });

  it('marks nothing when the words are not in the hit', async () => {
    serve({ count: 1, list: [hit()] });
    open('/search?q=%5Breact%5D%20vue');
    const [first] = await items();
    expect(first!.querySelectorAll('mark')).toHaveLength(0);
  });
});

describe('search: nothing to show', () => {
  it.each([['/search'], ['/search?q='], ['/search?q=%20%20%20']])(
    '%s: the empty-list message and no request',
    async (url) => {
      const http = serve({ count: 1, list: [hit()] });
      open(url);
      expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
      expect(searchCalls(http.calls)).toHaveLength(0);
      expect(screen.queryByRole('group', { name: 'Sort search results' })).not.toBeInTheDocument();
    },
  );

  it('no results: the empty-list message, no pagination', async () => {
    serve({ count: 0, list: [] });
    open('/search?q=nothing');
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Search result pages' })).not.toBeInTheDocument();
  });

  it('a page past the last one: the empty-list message with the pages to go back to', async () => {
    serve({ count: 45, list: [] });
    open('/search?q=hooks&page=9');
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Search result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/search?q=hooks&page=3');
  });

  it('a refused query shows the server’s message', async () => {
    serve(() =>
      envelope(
        [{ error_field: 'q', error_msg: 'The search is too long.' }],
        400,
        'error.search.query_too_long',
        'The search is too long.',
      ),
    );
    open('/search?q=x');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search could not be run: The search is too long.');
  });
});

describe('search: what the query was understood as', () => {
  it('lists the phrase, tags (links), user, answers, score and kind', async () => {
    serve({ count: 0, list: [] });
    open(`/search?q=${encodeURIComponent('[go] [Rust] user:ada answers:0 score:3 is:question "exact words"')}`);
    const filters = await screen.findByRole('list', { name: 'Searching by:' });
    const texts = within(filters)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts).toEqual([
      'the exact phrase “exact words”',
      'tagged go rust',
      'posted by ada',
      'questions with no answers',
      'a score of at least 3',
      'questions only',
    ]);
    expect(within(filters).getByRole('link', { name: 'go' })).toHaveAttribute('href', '/tags/go');
    expect(within(filters).getByRole('link', { name: 'rust' })).toHaveAttribute('href', '/tags/rust');
    expect(within(filters).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/users/ada');
  });

  it('user:me, answers:N and is:answer', async () => {
    serve({ count: 0, list: [] });
    open(`/search?q=${encodeURIComponent('hooks user:me answers:2 is:answer')}`);
    const filters = await screen.findByRole('list', { name: 'Searching by:' });
    expect(
      within(filters)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['posted by me', 'questions with at least 2 answers', 'answers only']);
  });

  it('plain words: no filters line', async () => {
    serve({ count: 1, list: [hit()] });
    open('/search?q=hooks');
    await results();
    expect(screen.queryByRole('list', { name: 'Searching by:' })).not.toBeInTheDocument();
  });

  it('a single [tag]: the tag’s card with its excerpt and a link to its page', async () => {
    const http = serve(
      { count: 0, list: [] },
      {
        [`GET ${V1}/tag`]: {
          tag_id: '5',
          slug_name: 'go',
          display_name: 'Go',
          excerpt: 'The Go programming language.',
          question_count: 12,
        },
      },
    );
    open('/search?q=%5Bgo%5D');
    const card = await screen.findByRole('region', { name: 'Go' });
    expect(within(card).getByText('The Go programming language.')).toBeInTheDocument();
    expect(within(card).getByText('12 questions')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View the Go tag' })).toHaveAttribute('href', '/tags/go');
    expect(http.calls.find((c) => c.path === `${V1}/tag`)!.query.get('name')).toBe('go');
  });

  it('a single [tag] the site does not have: no card, the results as usual', async () => {
    const http = serve({ count: 1, list: [hit()] });
    const { shellErrors } = open('/search?q=%5Bnope%5D');
    await results();
    await waitFor(() => expect(http.calls.some((c) => c.path === `${V1}/tag`)).toBe(true));
    expect(screen.queryByRole('link', { name: /^View the/ })).not.toBeInTheDocument();
    expect(shellErrors).toEqual([]);
  });

  it('the search tips card explains each operator with an example', async () => {
    serve({ count: 0, list: [] });
    open('/search?q=hooks');
    const tips = await screen.findByRole('region', { name: 'Search tips' });
    for (const syntax of ['[tag]', 'user:username', 'answers:0', 'score:3', 'is:question', '"exact phrase"'])
      expect(within(tips).getAllByText(syntax, { selector: 'dt code' })).toHaveLength(1);
    expect(within(tips).getByRole('link', { name: '[javascript]' })).toHaveAttribute(
      'href',
      '/search?q=%5Bjavascript%5D',
    );
  });

  it('speaks Chinese', async () => {
    await i18next.changeLanguage('zh_CN');
    serve({ count: 1, list: [hit()] });
    open('/search?q=hooks');
    expect(await screen.findByRole('heading', { level: 1, name: '搜索结果' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: '搜索技巧' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '搜索结果排序' })).toBeInTheDocument();
  });
});

const RECORD = `GET ${V1}/user/action/record`;
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const refused = (message = 'Verification failed.') =>
  envelope(
    [{ error_field: 'captcha_code', error_msg: message }],
    400,
    'error.object.captcha_verification_failed',
    message,
  );

describe('search: the captcha after many searches', () => {
  it('asks for the code, searches again with captcha_id and captcha_code; a wrong code gets a fresh image', async () => {
    let record = 0;
    const http = serve(
      (call: RecordedCall) => {
        const code = call.query.get('captcha_code');
        if (code !== 'right') return refused(code ? 'Wrong code.' : 'Verification failed.');
        return { count: 1, list: [hit()] };
      },
      {
        [RECORD]: () => {
          record += 1;
          return { captcha_id: `cap-${record}`, captcha_img: IMAGE, verify: true };
        },
      },
    );
    const user = userEvent.setup();
    open('/search?q=hooks');
    // The captcha brings antd with it (a lazily loaded module): the first load takes a while.
    const field = await screen.findByLabelText('Verification code', {}, { timeout: 20_000 });
    expect(
      screen.getByText(
        'You have searched many times in a short while. Type the characters in the image to see the results.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Verification code image/ })).toHaveAttribute('src', IMAGE);
    expect(http.calls.find((c) => c.path === `${V1}/user/action/record`)!.query.get('action')).toBe('search');

    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByText('Wrong code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    await waitFor(() => expect(record).toBe(2));

    await user.type(screen.getByLabelText('Verification code'), 'right');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    await results();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    const sent = searchCalls(http.calls).map((c) => [c.query.get('captcha_id'), c.query.get('captcha_code')]);
    expect(sent).toEqual([
      [null, null],
      ['cap-1', 'wrong'],
      ['cap-2', 'right'],
    ]);
    expect(Object.fromEntries(searchCalls(http.calls)[2]!.query)).toMatchObject({ q: 'hooks', order: 'relevance' });
  }, 40_000);

  it('when the record no longer asks (the minute passed), “Search again” sends the search without a captcha', async () => {
    let tries = 0;
    const http = serve(
      () => {
        tries += 1;
        return tries === 1 ? refused() : { count: 1, list: [hit()] };
      },
      { [RECORD]: { captcha_id: '', captcha_img: '', verify: false } },
    );
    const user = userEvent.setup();
    open('/search?q=hooks');
    const again = await screen.findByRole('button', { name: 'Search again' }, { timeout: 20_000 });
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await user.click(again);
    await results();
    expect(searchCalls(http.calls).map((c) => c.query.get('captcha_id'))).toEqual([null, null]);
  }, 40_000);
});
