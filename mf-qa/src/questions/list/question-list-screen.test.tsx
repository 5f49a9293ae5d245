import { questionPageQuery } from '@agora/shared-api/resources/question';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { questionItem, questionItems } from '../../test/questions';
import { renderScreen } from '../test/render';
import QuestionListScreen from './question-list-screen';

const PAGE = 'GET /answer/api/v1/question/page';
const SITEINFO = 'GET /answer/api/v1/siteinfo';
const ROUTES = ['/', '/questions'];

const site = (permalink = 2) => ({
  general: { name: 'Agora Demo' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
});

const isHot = (call: RecordedCall) => call.query.get('order') === 'frequent';
const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.endsWith('/question/page') && !isHot(c));
const lastList = (calls: RecordedCall[]) => listCalls(calls).at(-1)!.query;

/** The list answers `list` and the hot card `hot`. */
function serve(list: unknown, hot: unknown = { count: 0, list: [] }, permalink = 2) {
  return mockFetch({
    [SITEINFO]: site(permalink),
    [PAGE]: (call: RecordedCall) => (isHot(call) ? hot : typeof list === 'function' ? list(call) : list),
  });
}

const questionList = () => screen.findByRole('list', { name: 'Questions' });

describe('question list', () => {
  it('asks for 20 questions in the default order and shows each item', async () => {
    const http = serve({
      count: 1,
      list: [
        questionItem({
          vote_count: 12_345,
          view_count: 1_234_567,
          answer_count: 1,
          operation_type: 'answered',
          operated_at: Math.floor(Date.now() / 1000) - 300,
        }),
      ],
    });
    renderScreen(QuestionListScreen, { url: '/', routes: ROUTES });
    const items = within(await questionList())
      .getAllByRole('listitem')
      .filter((li) => li.className === 'qa-item');
    expect(items).toHaveLength(1);
    const item = within(items[0]!);
    expect(item.getByRole('heading', { level: 2, name: 'How do I read a file?' })).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'How do I read a file?' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(item.getByText('I want to read a text file line by line.')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'Node.js' })).toHaveAttribute('href', '/tags/node');
    expect(item.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', '/users/alice');
    expect(item.getByText('answered')).toBeInTheDocument();
    expect(item.getByText('5m ago').tagName).toBe('TIME');
    expect(item.getByText('12.3k votes')).toBeInTheDocument();
    expect(item.getByText('1 answer')).toBeInTheDocument();
    expect(item.getByText('1.2m views')).toBeInTheDocument();

    const query = lastList(http.calls);
    expect(Object.fromEntries(query)).toEqual({ order: 'active', page: '1', page_size: '20' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Agora Demo' })).toBeInTheDocument();
    expect(screen.getByText('1 question')).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Question pages' })).not.toBeInTheDocument();
  });

  it('builds question links with the slug when the permalink setting asks for it', async () => {
    serve({ count: 1, list: [questionItem()] }, undefined, 1);
    renderScreen(QuestionListScreen, { url: '/questions', routes: ROUTES });
    const list = await questionList();
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: 'How do I read a file?' })).toHaveAttribute(
        'href',
        '/questions/10010000000000001/how-do-i-read-a-file',
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'All questions' })).toBeInTheDocument();
  });

  it('marks pinned and closed questions and highlights an accepted answer', async () => {
    serve({
      count: 2,
      list: [
        questionItem({ id: '1', title: 'Read me first', pin: 2, accepted_answer_id: '20' }),
        questionItem({ id: '2', title: 'Old question', status: 2, answer_count: 0 }),
      ],
    });
    renderScreen(QuestionListScreen, { url: '/', routes: ROUTES });
    const list = await questionList();
    const pinned = within(list).getByRole('heading', { name: /Read me first/ });
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(within(pinned).queryByText('Closed')).not.toBeInTheDocument();
    const closed = within(list).getByRole('heading', { name: /Old question/ });
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).queryByText('Pinned')).not.toBeInTheDocument();

    const accepted = within(list).getByText('2 answers').closest('li')!;
    expect(accepted).toHaveClass('qa-count--accepted');
    expect(accepted).toHaveTextContent('(an answer is accepted)');
    const open = within(list).getByText('0 answers').closest('li')!;
    expect(open).not.toHaveClass('qa-count--accepted');
  });

  it('sort links keep the path, set order and drop page; choosing one loads that order from page 1', async () => {
    const http = serve((call: RecordedCall) => ({
      count: 45,
      list: questionItems(call.query.get('page') === '3' ? 5 : 20),
    }));
    const user = userEvent.setup();
    renderScreen(QuestionListScreen, { url: '/questions?order=score&page=3', routes: ROUTES });
    await questionList();
    expect(Object.fromEntries(lastList(http.calls))).toMatchObject({ order: 'score', page: '3' });

    const sorts = screen.getByRole('group', { name: 'Sort questions' });
    const labels = within(sorts)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Newest', 'Active', 'Frequent', 'Score', 'Unanswered']);
    expect(within(sorts).getByRole('link', { name: 'Score' })).toHaveAttribute('aria-current', 'true');
    const newest = within(sorts).getByRole('link', { name: 'Newest' });
    expect(newest).toHaveAttribute('href', '/questions?order=newest');

    await user.click(newest);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/questions\?order=newest$/);
    await waitFor(() => expect(Object.fromEntries(lastList(http.calls))).toMatchObject({ order: 'newest', page: '1' }));
  });

  it('paginates 20 a page with a labelled navigation; a page link loads that page', async () => {
    const http = serve({ count: 45, list: questionItems(20) });
    const user = userEvent.setup();
    renderScreen(QuestionListScreen, { url: '/?order=newest', routes: ROUTES });
    await questionList();
    const nav = screen.getByRole('navigation', { name: 'Question pages' });
    const pages = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(pages).toEqual(['1', '2', '3', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Page 2' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?order=newest&page=2$/);
    await waitFor(() => expect(Object.fromEntries(lastList(http.calls))).toMatchObject({ order: 'newest', page: '2' }));
  });

  it('below 768 px shows the first two sorts and folds the rest under More', async () => {
    window.innerWidth = 576;
    serve({ count: 1, list: [questionItem()] });
    const user = userEvent.setup();
    renderScreen(QuestionListScreen, { url: '/?order=score', routes: ROUTES });
    await questionList();
    const sorts = screen.getByRole('group', { name: 'Sort questions' });
    expect(
      within(sorts)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Newest', 'Active']);
    // The active sort is folded: the menu button shows its name.
    const more = within(sorts).getByRole('button', { name: /Score/ });
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((a) => a.textContent),
    ).toEqual(['Frequent', 'Score', 'Unanswered']);
  });

  it('an unknown order or page means the defaults', async () => {
    const http = serve({ count: 1, list: [questionItem()] });
    renderScreen(QuestionListScreen, { url: '/questions?order=bogus&page=-2', routes: ROUTES });
    await questionList();
    expect(Object.fromEntries(lastList(http.calls))).toMatchObject({ order: 'active', page: '1' });
    const sorts = screen.getByRole('group', { name: 'Sort questions' });
    expect(within(sorts).getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows 10 placeholder rows while loading, then the empty-list message for no questions', async () => {
    const pending = deferred();
    mockFetch({
      [SITEINFO]: site(),
      [PAGE]: (call: RecordedCall) => (isHot(call) ? { count: 0, list: [] } : pending.promise),
    });
    renderScreen(QuestionListScreen, { url: '/', routes: ROUTES });
    expect(await screen.findAllByTestId('placeholder-row')).toHaveLength(10);
    pending.resolve({ count: 0, list: [] });
    expect(
      await screen.findByText("We couldn't find anything. Try different or less specific keywords."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('placeholder-row')).not.toBeInTheDocument();
  });

  it('a page past the end is the 404 page: the query carries allow404', () => {
    expect(questionPageQuery('active', 99).meta).toEqual({ allow404: true });
  });

  it('speaks Chinese when the interface does', async () => {
    serve({ count: 45, list: [questionItem({ pin: 2, status: 2, vote_count: 3, view_count: 12 })] });
    await i18next.changeLanguage('zh_CN');
    renderScreen(QuestionListScreen, { url: '/questions', routes: ROUTES });
    const list = await screen.findByRole('list', { name: '问题' });
    expect(screen.getByRole('heading', { level: 1, name: '全部问题' })).toBeInTheDocument();
    expect(screen.getByText('45 个问题')).toBeInTheDocument();
    expect(within(list).getByText('置顶')).toBeInTheDocument();
    expect(within(list).getByText('已关闭')).toBeInTheDocument();
    expect(within(list).getByText('3 票')).toBeInTheDocument();
    expect(within(list).getByText('2 个回答')).toBeInTheDocument();
    expect(within(list).getByText('12 次浏览')).toBeInTheDocument();
    expect(within(list).getByText('提问于')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '最新' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '问题分页' })).toBeInTheDocument();
  });
});

describe('hot questions card', () => {
  it("asks for this week's 6 hottest questions and lists them with answer counts and accepted checks", async () => {
    const http = serve(
      { count: 1, list: [questionItem()] },
      {
        count: 2,
        list: [
          questionItem({ id: '7', title: 'Hot and solved', answer_count: 4, accepted_answer_id: '71' }),
          questionItem({ id: '8', title: 'Hot and open', answer_count: 1 }),
        ],
      },
    );
    renderScreen(QuestionListScreen, { url: '/', routes: ROUTES });
    const card = await screen.findByRole('region', { name: 'Hot questions' });
    const hotCall = http.calls.find(isHot)!;
    expect(Object.fromEntries(hotCall.query)).toEqual({ page: '1', order: 'frequent', page_size: '6', in_days: '7' });
    expect(within(card).getByRole('link', { name: 'Hot and solved' })).toHaveAttribute('href', '/questions/7');
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Hot and solved4 answers(an answer is accepted)',
      'Hot and open1 answer',
    ]);
    expect(items[0]!.querySelector('svg')).not.toBeNull();
    expect(items[1]!.querySelector('svg')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toContainElement(card);
  });

  it('is left out when nothing is hot', async () => {
    serve({ count: 1, list: [questionItem()] });
    renderScreen(QuestionListScreen, { url: '/', routes: ROUTES });
    await questionList();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Hot questions' })).not.toBeInTheDocument();
  });
});
