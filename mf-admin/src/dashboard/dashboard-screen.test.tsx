import { mockFetch } from '@agora/shared-api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderAdmin } from '../test/render';
import DashboardScreen from './dashboard-screen';
import { dashboard } from './fixtures';

const serve = (data: unknown) => mockFetch({ [`GET ${ADMIN}/dashboard`]: data });

/** The value beside a term of a card. */
async function valueOf(card: string, term: string) {
  const section = await screen.findByRole('region', { name: card });
  return within(section).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('admin dashboard', () => {
  it('shows the statistics of GET dashboard', async () => {
    serve(dashboard());
    renderAdmin(DashboardScreen, '/admin/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await valueOf('Statistics', 'Questions')).toHaveTextContent('1,234');
    expect(await valueOf('Statistics', 'Resolved')).toHaveTextContent('617 (50%)');
    expect(await valueOf('Statistics', 'Unanswered')).toHaveTextContent('56 (4.5%)');
    expect(await valueOf('Statistics', 'Answers')).toHaveTextContent('2,500');
    expect(await valueOf('Statistics', 'Comments')).toHaveTextContent('800');
    expect(await valueOf('Statistics', 'Votes')).toHaveTextContent('15k');
    expect(await valueOf('Statistics', 'Members')).toHaveTextContent('321');
    const flags = await valueOf('Statistics', 'Pending flags');
    expect(within(flags).getByRole('link', { name: '3' })).toHaveAttribute('href', '/admin/flags');
  });

  it('shows health, system information in human units, and the project links', async () => {
    serve(dashboard());
    renderAdmin(DashboardScreen, '/admin');
    expect(await valueOf('Health', 'Version')).toHaveTextContent('1.4.0 · abc1234');
    expect(await valueOf('Health', 'HTTPS')).toHaveTextContent('Yes');
    expect(await valueOf('Health', 'File uploading')).toHaveTextContent('Yes');
    expect(await valueOf('Health', 'Mail (SMTP)')).toHaveTextContent('Not configured');
    expect(await valueOf('Health', 'Time zone')).toHaveTextContent('Europe/Paris');
    expect(await valueOf('System', 'Storage used')).toHaveTextContent('5.5 MB');
    expect(await valueOf('System', 'Database size')).toHaveTextContent('3 MB');
    expect(await valueOf('System', 'Uploaded files')).toHaveTextContent('2.5 MB');
    expect(await valueOf('System', 'Running for')).toHaveTextContent('2 d 3 h 4 min');
    expect(await valueOf('System', 'Database')).toHaveTextContent('PostgreSQL 16.4');
    expect(await valueOf('System', 'Runtime')).toHaveTextContent('Node.js 22.12.0');
    const links = screen.getByRole('region', { name: 'Links' });
    expect(within(links).getByRole('link', { name: /Documentation/ })).toHaveAttribute('target', '_blank');
    expect(within(links).getByRole('link', { name: /Support/ })).toHaveAttribute('rel', 'noreferrer noopener');
  });

  it('draws the last 30 days with a text alternative and a table', async () => {
    serve(dashboard());
    renderAdmin(DashboardScreen, '/admin');
    const chart = await screen.findByRole('img', { name: 'Last 30 days' });
    expect(chart).toHaveAccessibleDescription('In the last 30 days: 60 new questions, 85 answers and 41 new members.');
    expect(chart.querySelectorAll('polyline')).toHaveLength(3);
    await userEvent.setup().click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'New questions, answers and members per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[30]!).getByRole('rowheader')).toHaveTextContent('Mar 14');
    expect(
      within(rows[30]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '1', '12']);
  });

  it.each([
    [{ update_check: 'ok' as const }, 'A new version is available: 1.5.0.'],
    [
      { version_info: { version: '1.5.0', revision: '', remote_version: '1.5.0' } },
      'You are running the latest version.',
    ],
    [{ update_check: 'failed' as const }, 'Check failed: the update server could not be reached. Try again later.'],
    [{ update_check: 'off' as const }, 'The update check is turned off.'],
    [
      { update_check: 'unconfigured' as const },
      'Checking for updates is not configured on this server (no release feed is set).',
    ],
  ])('tells the update check result (%o)', async (info, text) => {
    serve(dashboard(info));
    renderAdmin(DashboardScreen, '/admin');
    const updates = await screen.findByRole('region', { name: 'Updates' });
    expect(await within(updates).findByRole('status')).toHaveTextContent(text);
  });

  it('speaks Chinese when the interface does', async () => {
    serve(dashboard());
    await i18next.changeLanguage('zh_CN');
    renderAdmin(DashboardScreen, '/admin');
    expect(screen.getByRole('heading', { level: 1, name: '仪表盘' })).toBeInTheDocument();
    expect(await valueOf('统计', '问题')).toHaveTextContent('1,234');
    expect(await valueOf('运行状况', '邮件（SMTP）')).toHaveTextContent('未配置');
  });
});
