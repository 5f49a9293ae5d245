import type { AdminUserOverview } from '@agora/shared-api/contract';
import { mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIME, user } from '../test/fixtures';
import { ADMIN, renderAdmin } from '../test/render';
import UserDetailScreen from './user-detail-screen';

const OVERVIEW: AdminUserOverview = {
  ...user(1, { status: 'suspended', suspended_until: TIME + 86_400 }),
  last_seen_at: TIME + 3600,
  visit_days: 42,
  mail_status: 1,
  question_count: 7,
  answer_count: 19,
  profile_url: '/users/member1',
};

const ACTIONS = [
  {
    id: 'a1',
    action: 'user.suspended',
    object_type: 'user',
    object_id: '40001',
    title: '',
    url: '',
    operator: { username: 'admin', display_name: 'Admin' },
    created_at: TIME + 7200,
  },
  {
    id: 'a2',
    action: 'question.asked',
    object_type: 'question',
    object_id: '10010000000000001',
    title: 'How do I start?',
    url: '/questions/10010000000000001',
    created_at: TIME,
  },
  {
    id: 'a3',
    action: 'answer.deleted',
    object_type: 'answer',
    object_id: '10020000000000001',
    title: 'A gone question',
    url: '',
    created_at: TIME,
  },
];

const serve = () =>
  mockFetch({
    [`GET ${ADMIN}/user/overview`]: OVERVIEW,
    [`GET ${ADMIN}/user/actions`]: { count: 45, list: ACTIONS },
  });

const render = (url = '/admin/users/40001') => renderAdmin(UserDetailScreen, url, '/admin/users/:user_id');

/** The value beside a term. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('admin user overview', () => {
  it('shows the profile extras of GET user/overview', async () => {
    const http = serve();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Member 1' })).toBeInTheDocument();
    expect(valueOf('E-mail')).toHaveTextContent('member1@example.com');
    expect(valueOf('Status')).toHaveTextContent('Suspended');
    expect(valueOf('Role')).toHaveTextContent('User');
    expect(valueOf('Reputation')).toHaveTextContent('101');
    expect(valueOf('Joined')).toHaveTextContent('Mar 14, 2026 at 15:09');
    expect(valueOf('Last seen')).toHaveTextContent('Mar 14, 2026 at 16:09');
    expect(valueOf('Days visited')).toHaveTextContent('42');
    expect(valueOf('Questions')).toHaveTextContent('7');
    expect(valueOf('Answers')).toHaveTextContent('19');
    expect(valueOf('Suspended until')).toHaveTextContent('Mar 15, 2026 at 15:09');
    expect(screen.getByRole('link', { name: 'Public profile' })).toHaveAttribute('href', '/users/member1');
    expect(screen.getByRole('link', { name: 'All members' })).toHaveAttribute('href', '/admin/users');
    expect(Object.fromEntries(http.calls.find((c) => c.path === `${ADMIN}/user/overview`)!.query)).toEqual({
      user_id: '40001',
    });
  });

  it('lists the action log with links where a post can be opened, paged in the address', async () => {
    const http = serve();
    render('/admin/users/40001?page=2');
    const log = await screen.findByRole('region', { name: 'Actions' });
    const rows = await within(log).findAllByRole('row');
    expect(within(rows[1]!).getByText('Account suspended')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/users/admin');
    expect(within(rows[1]!).getByText('Mar 14, 2026 at 17:09')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Asked a question')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'How do I start?' })).toHaveAttribute(
      'href',
      '/questions/10010000000000001',
    );
    expect(within(rows[2]!).getByText('The member')).toBeInTheDocument();
    // No url: the title stays text.
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[3]!).getByText('A gone question')).toBeInTheDocument();
    const first = http.calls.find((c) => c.path === `${ADMIN}/user/actions`)!;
    expect(Object.fromEntries(first.query)).toEqual({ user_id: '40001', page: '2', page_size: '20' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Page 3' }));
    await waitFor(() =>
      expect(
        http.calls
          .filter((c) => c.path === `${ADMIN}/user/actions`)
          .at(-1)!
          .query.get('page'),
      ).toBe('3'),
    );
  });

  it('shows times in the viewer’s time zone', async () => {
    serve();
    const { TimeZoneProvider } = await import('@agora/shared-ui');
    const { renderScreen } = await import('@agora/shared-ui/testing');
    renderScreen(
      () => (
        <TimeZoneProvider timeZone="Asia/Shanghai">
          <UserDetailScreen />
        </TimeZoneProvider>
      ),
      { url: '/admin/users/40001', routes: ['/admin/users/:user_id'], user: { role_id: 2 } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Member 1' });
    expect(valueOf('Joined')).toHaveTextContent('Mar 14, 2026 at 23:09');
  });
});
