import type { AdminAuditItem } from '@agora/shared-api/contract';
import { mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pick } from '../test/antd';
import { TIME } from '../test/fixtures';
import { ADMIN, currentLocation, renderAdmin } from '../test/render';
import AuditScreen from './audit-screen';

const entry = (id: number, over: Partial<AdminAuditItem> = {}): AdminAuditItem => ({
  id: String(id),
  created_at: TIME,
  action: 'settings.saved',
  actor: { user_id: '1', name: 'ada-admin', exists: true },
  target: { type: 'settings', id: 'smtp', name: 'smtp' },
  detail: { fields: ['smtp_host', 'smtp_password'] },
  ip: '203.0.113.7',
  ...over,
});

/** The server's log: newest first, 20 a page, filtered by action. */
function serve() {
  const all = [
    entry(30),
    entry(29, {
      action: 'user.status_changed',
      actor: { user_id: '9', name: 'gone-admin', exists: false },
      target: { type: 'user', id: '42', name: 'spammer' },
      detail: { from: 'normal', to: 'deleted', options: ['remove_all_content'] },
      ip: '2001:db8::1',
    }),
    entry(28, {
      action: 'plugin.status_changed',
      target: { type: 'plugin', id: 'hello', name: 'Hello' },
      detail: { from: 'active', to: 'inactive' },
    }),
    entry(27, {
      action: 'user.bulk_added',
      target: { type: '', id: '', name: '' },
      detail: { count: 2, names: ['a', 'b'] },
    }),
    ...Array.from({ length: 20 }, (_, i) =>
      entry(26 - i, { target: { type: 'settings', id: 'general', name: 'general' }, detail: { fields: [] } }),
    ),
  ];
  return mockFetch({
    [`GET ${ADMIN}/audit/page`]: ({ query }: RecordedCall) => {
      const action = query.get('action');
      const list = all.filter((e) => !action || e.action === action);
      const page = Number(query.get('page'));
      return { count: list.length, list: list.slice((page - 1) * 20, page * 20) };
    },
  });
}

const table = () => screen.findByRole('region', { name: 'Audit entries' });
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const listCalls = (http: { calls: RecordedCall[] }) =>
  http.calls
    .filter((c) => c.method === 'GET' && c.path === `${ADMIN}/audit/page`)
    .map((c) => Object.fromEntries(c.query));

describe('admin audit log', () => {
  it('shows when, who, what in words, on what, the details and the client address', async () => {
    serve();
    renderAdmin(AuditScreen, '/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await screen.findByText('SMTP settings');
    const [first, second, third, fourth] = await rows();
    expect(within(first!).getByText('Settings saved')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'ada-admin' })).toHaveAttribute('href', '/admin/users/1');
    expect(within(first!).getByText('Fields changed: smtp_host, smtp_password')).toBeInTheDocument();
    expect(within(first!).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(first!).getByText('Mar 14, 2026 at 15:09').closest('time')).toHaveAttribute(
      'dateTime',
      new Date(TIME * 1000).toISOString(),
    );

    expect(within(second!).getByText('User status changed')).toBeInTheDocument();
    expect(within(second!).queryByRole('link', { name: 'gone-admin' })).not.toBeInTheDocument();
    expect(within(second!).getByText('(account purged)')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'spammer' })).toHaveAttribute('href', '/admin/users/42');
    expect(within(second!).getByText('From normal to deleted')).toBeInTheDocument();
    expect(within(second!).getByText('All their posts deleted')).toBeInTheDocument();
    expect(within(second!).getByText('2001:db8::1')).toBeInTheDocument();

    expect(within(third!).getByText('Plugin switched')).toBeInTheDocument();
    expect(within(third!).getByText('Plugin Hello')).toBeInTheDocument();
    expect(within(third!).getByText('From on to off')).toBeInTheDocument();

    expect(within(fourth!).getByText('2 items')).toBeInTheDocument();
    expect(within(fourth!).getByText('Including: a, b')).toBeInTheDocument();
    expect(within(fourth!).getByLabelText('Nothing in particular')).toBeInTheDocument();
  });

  it('filters by the kind of change on the server, kept in the address, back on page 1', async () => {
    const http = serve();
    renderAdmin(AuditScreen, '/admin/audit?page=2');
    await waitFor(async () => expect(await rows()).toHaveLength(4));
    expect(listCalls(http).at(-1)).toEqual({ page: '2', page_size: '20' });
    expect(screen.getByText('Kind of change')).toBeInTheDocument();
    await pick('Kind of change', 'Plugin switched');
    await waitFor(() => expect(currentLocation()).toBe('/admin/audit?action=plugin.status_changed'));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(listCalls(http).at(-1)).toEqual({ page: '1', page_size: '20', action: 'plugin.status_changed' });
  });

  it('pages through the log', async () => {
    const http = serve();
    renderAdmin(AuditScreen, '/admin/audit');
    await screen.findByText('SMTP settings');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/audit?page=2'));
    await waitFor(async () => expect(await rows()).toHaveLength(4));
    expect(listCalls(http).at(-1)).toMatchObject({ page: '2' });
  });
});
