import type { AdminBadgeItem } from '@agora/shared-api/contract';
import { badgeKeys } from '@agora/shared-api/resources/badge';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, currentLocation, renderAdmin } from '../test/render';
import BadgesScreen from './badges-screen';

const badge = (id: string, name: string, over: Partial<AdminBadgeItem> = {}): AdminBadgeItem => ({
  id,
  name,
  description: `What earns ${name}.`,
  icon: 'answer',
  award_count: 3,
  level: 1,
  group_name: 'Participation',
  status: 'active',
  ...over,
});

/** The server's list: filtered by status and name, 20 a page; PUT badge/status changes it. */
function serve() {
  const all = [
    badge('1', 'First answer', { award_count: 1200 }),
    badge('2', 'Nice question', { level: 2, group_name: 'Quality', status: 'inactive', icon: 'score' }),
    badge('3', 'Legend', { level: 3, group_name: 'Quality' }),
    ...Array.from({ length: 20 }, (_, i) => badge(String(10 + i), `Filler ${i + 1}`)),
  ];
  return mockFetch({
    [`GET ${ADMIN}/badges`]: ({ query }: RecordedCall) => {
      const status = query.get('status');
      const q = (query.get('q') ?? '').toLowerCase();
      const list = all.filter((b) => (!status || b.status === status) && b.name.toLowerCase().includes(q));
      const page = Number(query.get('page'));
      return { count: list.length, list: list.slice((page - 1) * 20, page * 20) };
    },
    [`PUT ${ADMIN}/badge/status`]: ({ body }: RecordedCall) => {
      const { id, status } = body as { id: string; status: 'active' | 'inactive' };
      const row = all.find((b) => b.id === id);
      if (!row) return envelope(null, 404, 'error.badge.not_found', 'Badge not found');
      row.status = status;
      return null;
    },
  });
}

const table = () => screen.findByRole('region', { name: 'Badge list' });
const rowOf = async (name: string) =>
  within(await table())
    .getByText(name)
    .closest('tr')!;
const names = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('strong')?.textContent);
const listCalls = (http: { calls: RecordedCall[] }) =>
  http.calls.filter((c) => c.method === 'GET' && c.path === `${ADMIN}/badges`).map((c) => Object.fromEntries(c.query));

describe('admin badges', () => {
  it('lists icon, name, group, level in words, awarded count and status', async () => {
    serve();
    renderAdmin(BadgesScreen, '/admin/badges');
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeInTheDocument();
    await screen.findByText('First answer');
    const first = await rowOf('First answer');
    expect(within(first).getByText('What earns First answer.')).toBeInTheDocument();
    expect(within(first).getByText('Participation')).toBeInTheDocument();
    expect(within(first).getByText('Bronze')).toBeInTheDocument();
    expect(within(first).getByText('1,200')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(first.querySelector('[data-icon="answer"]')).toHaveAttribute('aria-hidden', 'true');
    const second = await rowOf('Nice question');
    expect(within(second).getByText('Silver')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByRole('switch', { name: 'Award Nice question' })).not.toBeChecked();
    expect(within(first).getByRole('switch', { name: 'Award First answer' })).toBeChecked();
  });

  it('filters by status and name on the server, in the address, back on page 1', async () => {
    const http = serve();
    renderAdmin(BadgesScreen, '/admin/badges?page=2');
    await screen.findByText('Filler 18');
    expect(listCalls(http).at(-1)).toMatchObject({ page: '2', page_size: '20' });
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Inactive' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/badges?status=inactive'));
    await waitFor(async () => expect(await names()).toEqual(['Nice question']));
    expect(listCalls(http).at(-1)).toMatchObject({ status: 'inactive', page: '1' });

    await u.click(screen.getByRole('tab', { name: 'All' }));
    await u.type(screen.getByRole('searchbox', { name: 'Search badges' }), 'leg{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/admin/badges?q=leg'));
    await waitFor(async () => expect(await names()).toEqual(['Legend']));
    expect(listCalls(http).at(-1)).toEqual({ page: '1', page_size: '20', q: 'leg' });
  });

  it('pages through the badges', async () => {
    const http = serve();
    renderAdmin(BadgesScreen, '/admin/badges');
    await screen.findByText('First answer');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/badges?page=2'));
    await waitFor(async () => expect(await names()).toEqual(['Filler 18', 'Filler 19', 'Filler 20']));
    expect(listCalls(http).at(-1)).toMatchObject({ page: '2' });
  });

  it('switches a badge off and on, with a toast, the list and the site catalogue refreshed', async () => {
    const http = serve();
    const { queryClient } = renderAdmin(BadgesScreen, '/admin/badges');
    queryClient.setQueryData(badgeKeys.catalogue(''), []);
    await screen.findByText('First answer');
    const u = userEvent.setup();
    await u.click(screen.getByRole('switch', { name: 'Award First answer' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/badge/status`)).toEqual([{ id: '1', status: 'inactive' }]),
    );
    expect(
      await screen.findByText('First answer is inactive: it is no longer awarded nor listed.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('First answer')).getByText('Inactive')).toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Award First answer' })).not.toBeChecked();
    expect(queryClient.getQueryState(badgeKeys.catalogue(''))?.isInvalidated).toBe(true);

    await u.click(screen.getByRole('switch', { name: 'Award Nice question' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/badge/status`).at(-1)).toEqual({ id: '2', status: 'active' }),
    );
    expect(await screen.findByText('Nice question is active: it is awarded and listed again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Award Nice question' })).toBeChecked());
  });

  it('a refused switch goes to the shell error handler, with no success toast, and changes nothing', async () => {
    const http = mockFetch({
      [`GET ${ADMIN}/badges`]: { count: 1, list: [badge('404', 'Ghost')] },
      [`PUT ${ADMIN}/badge/status`]: envelope(null, 404, 'error.badge.not_found', 'Badge not found'),
    });
    const { shellErrors } = renderAdmin(BadgesScreen, '/admin/badges');
    await screen.findByText('Ghost');
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Award Ghost' }));
    await waitFor(() => expect(shellErrors).toHaveLength(1));
    expect(http.bodiesOf('PUT', `${ADMIN}/badge/status`)).toEqual([{ id: '404', status: 'inactive' }]);
    expect(screen.queryByText(/is inactive/)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Award Ghost' })).toBeChecked();
  });
});
