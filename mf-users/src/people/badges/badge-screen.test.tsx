import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { currentLocation, renderScreen } from '@agora/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TimeZoneProvider } from '@agora/shared-ui';
import BadgeScreen from './badge-screen';
import { award, NICE_ANSWER, SITEINFO, V1 } from './fixtures';

const ROUTE = '/badges/:badgeId';

/** 25 recipients, 20 a page; `?username=` keeps only that member's (member3 here). */
function serve(badge: unknown = NICE_ANSWER) {
  const all = Array.from({ length: 25 }, (_, i) => award(i + 1));
  return mockFetch(
    {
      [`GET ${V1}/badge`]: badge,
      [`GET ${V1}/badge/awards/page`]: ({ query }: RecordedCall) => {
        const mine = query.get('username');
        const list = mine ? all.filter((a) => a.author_user_info.username === 'member3') : all;
        const page = Number(query.get('page'));
        const size = Number(query.get('page_size'));
        return { count: list.length, list: list.slice((page - 1) * size, page * size) };
      },
    },
    { siteinfo: SITEINFO },
  );
}

const awardCalls = (http: { calls: RecordedCall[] }) =>
  http.calls.filter((c) => c.path === `${V1}/badge/awards/page`).map((c) => Object.fromEntries(c.query));
const recipients = () =>
  within(screen.getByRole('region', { name: 'Recent recipients' })).getAllByRole('link', { name: /^Member \d+$/ });

describe('a badge page', () => {
  it('shows the badge: icon, name, level in words, what earns it, per post, how many members', async () => {
    const http = serve();
    renderScreen(BadgeScreen, { url: '/badges/12', routes: [ROUTE], user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nice answer' })).toBeInTheDocument();
    expect(http.calls.find((c) => c.path === `${V1}/badge`)!.query.get('id')).toBe('12');
    expect(screen.getByText('An answer scored 10 or more.')).toBeInTheDocument();
    expect(screen.getByText('Silver')).toBeInTheDocument();
    expect(screen.getByText('Can be earned again, once per post.')).toBeInTheDocument();
    expect(screen.getByText('Awarded to 25 members')).toBeInTheDocument();
    expect(document.querySelector('[data-icon="score"]')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(document.title).toBe('Nice answer'));
  });

  it('says when a badge is earned once per member', async () => {
    serve({ ...NICE_ANSWER, is_single: true });
    renderScreen(BadgeScreen, { url: '/badges/12', routes: [ROUTE], user: null });
    expect(await screen.findByText('Awarded once per member.')).toBeInTheDocument();
  });

  it("lists the recipients with picture, profile link, the date in the reader's zone and the post link", async () => {
    serve();
    // The shell provides the reader's time zone around every page.
    const InTokyo = () => (
      <TimeZoneProvider timeZone="Asia/Tokyo">
        <BadgeScreen />
      </TimeZoneProvider>
    );
    renderScreen(InTokyo, { url: '/badges/12', routes: [ROUTE], user: null });
    const first = (await screen.findByRole('link', { name: 'Member 1' })).closest('li')!;
    expect(within(first).getByRole('link', { name: 'Member 1' })).toHaveAttribute('href', '/users/member1');
    expect(first.querySelector('.agora-avatar')).toBeInTheDocument();
    // 23:30 UTC on 15 January is already 16 January in Tokyo.
    expect(within(first).getByText(/Awarded Jan 16, 2024/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'for an answer' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001/how-to-x/10020000000000001',
    );
    expect(recipients()).toHaveLength(20);
  });

  it('links a question award to the question and shows no post link for a member-wide badge', async () => {
    mockFetch(
      {
        [`GET ${V1}/badge`]: NICE_ANSWER,
        [`GET ${V1}/badge/awards/page`]: {
          count: 2,
          list: [
            award(1, { object_type: 'question', object_id: '10010000000000001', answer_id: '' }),
            award(2, { object_type: '', object_id: '', question_id: '', answer_id: '', url_title: '' }),
          ],
        },
      },
      { siteinfo: SITEINFO },
    );
    renderScreen(BadgeScreen, { url: '/badges/12', routes: [ROUTE], user: null });
    const first = (await screen.findByRole('link', { name: 'Member 1' })).closest('li')!;
    expect(within(first).getByRole('link', { name: 'for a question' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001/how-to-x',
    );
    const second = screen.getByRole('link', { name: 'Member 2' }).closest('li')!;
    expect(within(second).getAllByRole('link')).toHaveLength(1);
  });

  it('pages through the recipients, the page in the address', async () => {
    const http = serve();
    renderScreen(BadgeScreen, { url: '/badges/12', routes: [ROUTE], user: null });
    await screen.findByRole('link', { name: 'Member 1' });
    const pages = screen.getByRole('navigation', { name: 'Pages of recipients' });
    await userEvent.setup().click(within(pages).getByRole('link', { name: /2/ }));
    expect(await screen.findByRole('link', { name: 'Member 21' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Member 1' })).not.toBeInTheDocument();
    expect(recipients()).toHaveLength(5);
    expect(currentLocation()).toBe('/badges/12?page=2');
    expect(awardCalls(http).at(-1)).toEqual({ badge_id: '12', page: '2', page_size: '20' });
  });

  it('filters to my own awards when logged in, by my username', async () => {
    const http = serve();
    renderScreen(BadgeScreen, { url: '/badges/12', routes: [ROUTE], user: { username: 'member3' } });
    await screen.findByRole('link', { name: 'Member 1' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Mine' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Member 1' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Member 3' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/badges/12?mine=1');
    expect(awardCalls(http).at(-1)).toMatchObject({ badge_id: '12', page: '1', username: 'member3' });
  });

  it('offers no "Mine" filter to a visitor and ignores it in the address', async () => {
    const http = serve();
    renderScreen(BadgeScreen, { url: '/badges/12?mine=1', routes: [ROUTE], user: null });
    await screen.findByRole('link', { name: 'Member 1' });
    expect(screen.queryByRole('link', { name: 'Mine' })).not.toBeInTheDocument();
    expect(awardCalls(http).every((q) => !('username' in q))).toBe(true);
  });

  it('an unknown badge is a 404 for the shell and an alert in place', async () => {
    mockFetch(
      { [`GET ${V1}/badge`]: envelope(null, 404, 'error.badge.not_found', 'Badge not found') },
      { siteinfo: SITEINFO },
    );
    const { queryClient } = renderScreen(BadgeScreen, { url: '/badges/999', routes: [ROUTE], user: null });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const query = queryClient.getQueryCache().findAll({ queryKey: ['badge', 'detail', '999', ''] })[0];
    expect(query?.meta).toMatchObject({ allow404: true });
  });
});
