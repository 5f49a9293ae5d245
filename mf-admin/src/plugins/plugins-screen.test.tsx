import type { AdminPlugin } from '@agora/shared-api/contract';
import { mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, currentLocation, renderAdmin } from '../test/render';
import PluginsScreen from './plugins-screen';

const plugin = (slug: string, over: Partial<AdminPlugin> = {}): AdminPlugin => ({
  name: `Plugin ${slug}`,
  slug_name: slug,
  description: `Does ${slug} things.`,
  version: '1.0.0',
  enabled: true,
  have_config: false,
  link: `https://plugins.example.com/${slug}`,
  outdated: false,
  ...over,
});
const ALL = [
  plugin('hello', { have_config: true }),
  plugin('search', { enabled: false, outdated: true, version: '0.9.0' }),
  plugin('odd', { link: 'javascript:alert(1)' }),
];

function serve() {
  return mockFetch({
    [`GET ${ADMIN}/plugins`]: ({ query }: { query: URLSearchParams }) => {
      const status = query.get('status');
      return status ? ALL.filter((p) => p.enabled === (status === 'active')) : ALL;
    },
    [`PUT ${ADMIN}/plugin/status`]: null,
  });
}

const table = () => screen.findByRole('region', { name: 'Plugin list' });
const names = async () =>
  (await within(await table()).findAllByRole('row')).slice(1).map((row) => row.querySelector('td')!.textContent);

describe('installed plugins', () => {
  it('lists name, description, version, state and actions', async () => {
    serve();
    renderAdmin(PluginsScreen, '/admin/installed-plugins');
    const region = await table();
    const link = await within(region).findByRole('link', { name: /^Plugin hello/ });
    expect(link).toHaveAttribute('href', 'https://plugins.example.com/hello');
    expect(within(region).getByText('Does hello things.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Settings of Plugin hello' })).toHaveAttribute(
      'href',
      '/admin/hello',
    );
    const search = within(region)
      .getByRole('link', { name: /Plugin search/ })
      .closest('tr')!;
    expect(within(search).getByText('0.9.0')).toBeInTheDocument();
    expect(within(search).getByText('Update available')).toBeInTheDocument();
    expect(within(search).getByText('Inactive')).toBeInTheDocument();
    expect(within(search).queryByRole('link', { name: /Settings/ })).not.toBeInTheDocument();
    // A link that is not http(s) is not a link.
    expect(within(region).queryByRole('link', { name: /Plugin odd/ })).not.toBeInTheDocument();
    expect(within(region).getByText('Plugin odd')).toBeInTheDocument();
  });

  it('filters active and inactive on the server, and outdated from the list', async () => {
    const http = serve();
    renderAdmin(PluginsScreen, '/admin/installed-plugins');
    expect(await names()).toHaveLength(3);
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Inactive' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/installed-plugins?filter=inactive'));
    await waitFor(async () => expect(await names()).toEqual(['Plugin search (opens in a new tab)Does search things.']));
    expect(http.calls.at(-1)!.query.get('status')).toBe('inactive');
    await u.click(screen.getByRole('tab', { name: 'Outdated' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/installed-plugins?filter=outdated'));
    expect(http.calls.at(-1)!.query.get('status')).toBeNull();
    await u.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(async () => expect(await names()).toHaveLength(2));
    expect(http.calls.at(-1)!.query.get('status')).toBe('active');
  });

  it('activates and deactivates a plugin', async () => {
    const http = serve();
    renderAdmin(PluginsScreen, '/admin/installed-plugins');
    await table();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Activate Plugin search' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/plugin/status`)).toEqual([{ plugin_slug_name: 'search', enabled: true }]),
    );
    expect(await screen.findByText('Plugin search is active.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Deactivate Plugin hello' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${ADMIN}/plugin/status`).at(-1)).toEqual({
        plugin_slug_name: 'hello',
        enabled: false,
      }),
    );
    // The list is asked again after each change.
    await waitFor(() =>
      expect(http.calls.filter((c) => c.path === `${ADMIN}/plugins`).length).toBeGreaterThanOrEqual(3),
    );
  });
});
