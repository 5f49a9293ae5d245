import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import DashboardScreen from './dashboard-screen';

const V1 = '/answer/api/v1';
const SITE = {
  general: { name: 'Agora Test', site_url: 'https://qa.example.com', short_description: '', description: '' },
  interface: { language: 'en_US', time_zone: 'Europe/Paris' },
  login: { login_required: false },
  version: '1.4.0',
  revision: 'abc1234',
};
const REMOTES = {
  remotes: [],
  plugins: [
    { slug_name: 'hello', name: 'plugin_hello', entry: '/p/mf-manifest.json', module: './admin', label: 'Hello' },
  ],
};

/** Answers each request like the server would: an envelope (or the bare remote list), or `status`. */
function serve(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      calls.push(url.pathname + url.search);
      const key = `${url.pathname}${url.searchParams.has('order') ? `?order=${url.searchParams.get('order')}` : ''}`;
      const data = key in routes ? routes[key] : routes[url.pathname];
      if (data === undefined || typeof data === 'number') {
        const status = typeof data === 'number' ? data : 404;
        return new Response(JSON.stringify({ code: status, reason: 'base.forbidden', msg: '', data: null }), {
          status,
        });
      }
      const body = url.pathname === '/remotes.json' ? data : { code: 200, reason: 'base.success', msg: '', data };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const ALL = {
  [`${V1}/siteinfo`]: SITE,
  [`${V1}/question/page?order=newest`]: { count: 1234, list: [{ id: '1' }] },
  [`${V1}/question/page?order=unanswered`]: { count: 56, list: [{ id: '1' }] },
  [`${V1}/tags/page`]: { count: 7, list: [{ tag_id: '1' }] },
  '/answer/admin/api/setting/smtp': { smtp_host: '', from_email: '' },
  '/remotes.json': REMOTES,
};

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The value shown next to a term of a card. */
async function valueOf(card: string, term: string) {
  const section = await screen.findByRole('region', { name: card });
  const dt = within(section).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('admin dashboard', () => {
  it('shows the site, its totals, health and plugins from what the server already answers', async () => {
    const calls = serve(ALL);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByText('Agora Test');
    await screen.findByText('1,234');
    expect(await valueOf('Site', 'Name')).toHaveTextContent('Agora Test');
    expect(await valueOf('Site', 'Address')).toHaveTextContent('https://qa.example.com');
    expect(await valueOf('Site', 'Version')).toHaveTextContent('1.4.0 · abc1234');
    expect(await valueOf('Statistics', 'Questions')).toHaveTextContent('1,234');
    expect(await valueOf('Statistics', 'Unanswered questions')).toHaveTextContent('56');
    await vi.waitFor(async () => expect(await valueOf('Statistics', 'Tags')).toHaveTextContent('7'));
    expect(await valueOf('Health', 'HTTPS')).toHaveTextContent('Yes');
    await vi.waitFor(async () => expect(await valueOf('Health', 'Mail (SMTP)')).toHaveTextContent('Not configured'));
    expect(await valueOf('Health', 'Login required')).toHaveTextContent('No');
    expect(await valueOf('Health', 'Time zone')).toHaveTextContent('Europe/Paris');
    const plugins = screen.getByRole('region', { name: 'Installed plugins' });
    expect(await within(plugins).findByRole('link', { name: 'Hello' })).toHaveAttribute('href', '/admin/hello');
    // Totals come from one-item pages of the public lists.
    expect(calls).toContain(`${V1}/question/page?order=unanswered&page=1&page_size=1`);
    expect(calls).toContain(`${V1}/tags/page?page=1&page_size=1`);
  });

  it('says a figure is unavailable when its request fails, without hiding the rest', async () => {
    serve({ ...ALL, '/answer/admin/api/setting/smtp': 403, [`${V1}/tags/page`]: 500 });
    renderDashboard();
    await screen.findByText('1,234');
    await vi.waitFor(async () => expect(await valueOf('Health', 'Mail (SMTP)')).toHaveTextContent('Unavailable'));
    await vi.waitFor(async () => expect(await valueOf('Statistics', 'Tags')).toHaveTextContent('Unavailable'));
    expect(await valueOf('Site', 'Name')).toHaveTextContent('Agora Test');
  });

  it('speaks Chinese when the interface does', async () => {
    serve(ALL);
    await i18next.changeLanguage('zh_CN');
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: '仪表盘' })).toBeInTheDocument();
    expect(await valueOf('统计', '未回答的问题')).toBeInTheDocument();
    expect(await valueOf('运行状况', '邮件（SMTP）')).toBeInTheDocument();
  });
});
