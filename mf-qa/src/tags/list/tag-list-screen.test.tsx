import { loginModalOpenAtom } from '@agora/shared-api';
import { tagPageQuery } from '@agora/shared-api/resources/tag';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { currentLocation, renderScreen, TAG_ROUTES, tagItem, tagItems, V1 } from '../test/render';
import TagListScreen from './tag-list-screen';

const PAGE = `GET ${V1}/tags/page`;
const FOLLOW = `POST ${V1}/follow`;
const pageCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === `${V1}/tags/page`);
const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(pageCalls(calls).at(-1)!.query);
const grid = () => screen.findByRole('list', { name: 'Tags' });

beforeEach(() => getDefaultStore().set(loginModalOpenAtom, false));

describe('tag list', () => {
  it('asks for 20 popular tags and shows each card (name, excerpt, counts, follow)', async () => {
    const http = mockFetch({ [PAGE]: { count: 1, list: [tagItem()] } });
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES });
    const card = within((await grid()).querySelector('li.qa-tag-card') as HTMLElement);
    expect(card.getByRole('heading', { level: 2, name: 'React' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'React' })).toHaveAttribute('href', '/tags/react');
    expect(card.getByText('A library for building user interfaces.')).toBeInTheDocument();
    expect(card.getByText('1,234 questions')).toBeInTheDocument();
    expect(card.getByText('3 followers')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Follow React' })).toHaveAttribute('aria-pressed', 'false');
    expect(lastQuery(http.calls)).toEqual({ page: '1', page_size: '20', query_cond: 'popular' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Popular' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('navigation', { name: 'Tag pages' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tags - Agora'));
  });

  it('shows 20 placeholder cards while the page loads', async () => {
    const pending = deferred();
    mockFetch({ [PAGE]: () => pending.promise });
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES });
    expect(await screen.findAllByTestId('placeholder-card')).toHaveLength(20);
    pending.resolve({ count: 0, list: [] });
    expect(await screen.findByText(/We couldn't find anything/)).toBeInTheDocument();
    expect(screen.queryByTestId('placeholder-card')).not.toBeInTheDocument();
  });

  it('sort links keep the filter and drop the page; the order and page reach the server', async () => {
    const http = mockFetch({ [PAGE]: { count: 45, list: tagItems(20) } });
    const user = userEvent.setup();
    renderScreen(TagListScreen, { url: '/tags?q=re&order=newest&page=2', routes: TAG_ROUTES });
    await grid();
    expect(lastQuery(http.calls)).toEqual({ page: '2', page_size: '20', query_cond: 'newest', slug_name: 're' });
    expect(screen.getByRole('link', { name: 'Name' })).toHaveAttribute('href', '/tags?q=re&order=name');
    const pages = screen.getByRole('navigation', { name: 'Tag pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/tags?q=re&order=newest&page=3',
    );
    await user.click(screen.getByRole('link', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(http.calls)).toMatchObject({ page: '1', query_cond: 'name' }));
    expect(currentLocation()).toBe('/tags?q=re&order=name');
  });

  it('the filter box, once typing rests, goes into the address (page dropped) and filters on the server', async () => {
    const http = mockFetch({
      [PAGE]: (call: RecordedCall) =>
        call.query.get('slug_name') === 'java'
          ? { count: 1, list: [tagItem({ slug_name: 'java', display_name: 'Java' })] }
          : { count: 45, list: tagItems(20) },
    });
    const user = userEvent.setup();
    renderScreen(TagListScreen, { url: '/tags?order=name&page=2', routes: TAG_ROUTES });
    await grid();
    await user.type(screen.getByLabelText('Filter by tag name'), 'java');
    // Not asked for each key: only the settled text.
    await waitFor(() => expect(currentLocation()).toBe('/tags?order=name&q=java'));
    expect(await screen.findByRole('link', { name: 'Java' })).toHaveAttribute('href', '/tags/java');
    const filtered = pageCalls(http.calls).filter((c) => c.query.has('slug_name'));
    expect(filtered.map((c) => c.query.get('slug_name'))).toEqual(['java']);
    expect(lastQuery(http.calls)).toEqual({ page: '1', page_size: '20', query_cond: 'name', slug_name: 'java' });

    await user.clear(screen.getByLabelText('Filter by tag name'));
    await waitFor(() => expect(currentLocation()).toBe('/tags?order=name'));
  });

  it('a reload keeps the filter: the box shows it and the server gets it', async () => {
    const http = mockFetch({ [PAGE]: { count: 0, list: [] } });
    renderScreen(TagListScreen, { url: '/tags?q=go', routes: TAG_ROUTES });
    expect(await screen.findByText(/We couldn't find anything/)).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by tag name')).toHaveValue('go');
    expect(lastQuery(http.calls)).toMatchObject({ slug_name: 'go' });
  });

  it('a page past the end is the 404 page (allow404)', async () => {
    expect(tagPageQuery('popular', 9, '').meta).toMatchObject({ allow404: true });
    mockFetch({ [PAGE]: envelope(null, 404, 'base.not_found', 'Not found') });
    const { shellErrors } = renderScreen(TagListScreen, { url: '/tags?page=9', routes: TAG_ROUTES, user: null });
    await waitFor(() => expect(shellErrors).toEqual([expect.objectContaining({ status: 404 })]));
  });

  it('follow and unfollow: POST follow with the tag id; the card shows the new state and count', async () => {
    const http = mockFetch({
      [PAGE]: { count: 1, list: [tagItem()] },
      [FOLLOW]: (call: RecordedCall) =>
        (call.body as { is_cancel: boolean }).is_cancel
          ? { follows: 3, is_followed: false }
          : { follows: 4, is_followed: true },
    });
    const user = userEvent.setup();
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Follow React' }));
    const following = await screen.findByRole('button', { name: 'Following React' });
    expect(following).toHaveTextContent('Following');
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4 followers')).toBeInTheDocument();
    await user.click(following);
    expect(await screen.findByRole('button', { name: 'Follow React' })).toBeInTheDocument();
    expect(screen.getByText('3 followers')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${V1}/follow`)).toEqual([
      { object_id: '10030000000000001', is_cancel: false },
      { object_id: '10030000000000001', is_cancel: true },
    ]);
  });

  it("a member's sidebar holds the following-tags card; a toggle asks the followed tags again", async () => {
    const http = mockFetch({
      [PAGE]: { count: 1, list: [tagItem()] },
      [`GET ${V1}/tags/following`]: [
        {
          tag_id: '1',
          slug_name: 'node',
          display_name: 'Node.js',
          main_tag_slug_name: '',
          recommend: false,
          reserved: false,
        },
      ],
      [FOLLOW]: { follows: 4, is_followed: true },
    });
    const user = userEvent.setup();
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES });
    const sidebar = await screen.findByRole('complementary', { name: 'Followed tags' });
    expect(await within(sidebar).findByRole('link', { name: 'Node.js' })).toHaveAttribute('href', '/tags/node');
    const asked = () => http.calls.filter((c) => c.path === `${V1}/tags/following`).length;
    expect(asked()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Follow React' }));
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('a visitor has no sidebar and nobody asks for followed tags', async () => {
    const http = mockFetch({ [PAGE]: { count: 1, list: [tagItem()] } });
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES, user: null });
    await grid();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.path === `${V1}/tags/following`)).toBe(false);
  });

  it('a visitor who clicks follow gets the login prompt and nothing is sent', async () => {
    const http = mockFetch({ [PAGE]: { count: 1, list: [tagItem()] } });
    const user = userEvent.setup();
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES, user: null });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Follow React' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    expect(http.bodiesOf('POST', `${V1}/follow`)).toEqual([]);
  });

  it('speaks Chinese when the interface does', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('zh_CN');
    mockFetch({ [PAGE]: { count: 1, list: [tagItem()] } });
    renderScreen(TagListScreen, { url: '/tags', routes: TAG_ROUTES });
    await screen.findByRole('list', { name: '标签' });
    expect(screen.getByRole('heading', { level: 1, name: '标签' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '热门' })).toBeInTheDocument();
    expect(screen.getByText('1,234 个问题')).toBeInTheDocument();
  });
});
