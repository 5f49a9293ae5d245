import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { PluginScreen } from './plugin-screen';
import { resetRegistryForTests } from './registry';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const REMOTE_LIST = {
  remotes: [],
  plugins: [
    { slug_name: 'hello', name: 'plugin_hello', entry: '/plugins/hello/mf-manifest.json', module: './admin' },
    { slug_name: 'flaky', name: 'plugin_flaky', entry: '/plugins/flaky/mf-manifest.json', module: './admin' },
  ],
};

function renderAt(path: string) {
  return renderShell(
    <Routes>
      <Route path="/admin/:slug_name" element={<PluginScreen />} />
    </Routes>,
    { path },
  );
}

beforeEach(() => {
  resetRegistryForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs caught errors
});

describe('PluginScreen (/admin/:slug_name)', () => {
  it('mounts the plugin the server lists, registering it from the remote list', async () => {
    mockFetch({ 'GET /remotes.json': new Response(JSON.stringify(REMOTE_LIST)) });
    runtime.loadRemote.mockResolvedValue({ default: () => <p>Hello from the plugin</p> });
    await renderAt('/admin/hello');
    expect(await screen.findByText('Hello from the plugin')).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'plugin_hello', entry: '/plugins/hello/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('plugin_hello/admin');
  });

  it('says that no such plugin is installed for a slug the server does not list, loading nothing', async () => {
    mockFetch({ 'GET /remotes.json': new Response(JSON.stringify(REMOTE_LIST)) });
    await renderAt('/admin/unknown-plugin');
    const panel = await screen.findByRole('region', { name: 'Plugin not installed' });
    expect(panel).toHaveTextContent('No plugin called “unknown-plugin” is installed on this site');
    expect(within(panel).getByRole('link', { name: 'See the installed plugins' })).toHaveAttribute(
      'href',
      '/admin/installed-plugins',
    );
    expect(screen.queryByRole('heading', { name: 'HTTP Error 404' })).not.toBeInTheDocument();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('shows an error panel with a retry inside its area when the plugin cannot load', async () => {
    mockFetch({ 'GET /remotes.json': new Response(JSON.stringify(REMOTE_LIST)) });
    runtime.loadRemote.mockRejectedValueOnce(new Error('manifest 404'));
    await renderAt('/admin/flaky');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('This part of the site is unavailable');
    runtime.loadRemote.mockResolvedValue({ default: () => <p>Hello again</p> });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello again')).toBeInTheDocument();
    // The retry re-registers the remote so the runtime fetches its manifest afresh.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'plugin_flaky', entry: '/plugins/flaky/mf-manifest.json' }],
      { force: true },
    );
  });
});
