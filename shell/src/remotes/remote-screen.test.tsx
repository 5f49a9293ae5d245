import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { resetRegistryForTests } from './registry';
import { RemoteScreen } from './remote-screen';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const LIST = {
  remotes: [
    { name: 'mf_review', entry: '/remotes/mf_review/mf-manifest.json' },
    { name: 'mf_install', entry: '/remotes/mf_install/mf-manifest.json' },
    { name: 'mf_users', entry: '/remotes/mf_users/mf-manifest.json' },
  ],
  plugins: [],
};

function routesOf(remote: string, screens: Record<string, () => ReactNode>) {
  return {
    default: {
      remote,
      registerTranslations: vi.fn(),
      Root: ({ children }: { children: ReactNode }) => <div data-testid={`root-${remote}`}>{children}</div>,
      screens: Object.fromEntries(
        Object.entries(screens).map(([id, Screen]) => [id, async () => ({ default: () => <>{Screen()}</> })]),
      ),
    },
  };
}

function page(ui: ReactNode) {
  return renderShell(
    <>
      <p>Header keeps working</p>
      {ui}
    </>,
  );
}

beforeEach(() => {
  resetRegistryForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  mockFetch({ 'GET /remotes.json': () => new Response(JSON.stringify(LIST)) });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs caught render errors
});

describe('RemoteScreen', () => {
  it("registers the remote on first use and renders the screen inside the remote's Root", async () => {
    const routes = routesOf('mf_review', { review: () => <h1>Review queue</h1> });
    runtime.loadRemote.mockResolvedValue(routes);
    await page(<RemoteScreen remote="mf_review" screen="review" />);
    expect(await screen.findByRole('heading', { name: 'Review queue' })).toBeInTheDocument();
    expect(screen.getByTestId('root-mf_review')).toContainElement(screen.getByRole('heading'));
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_review', entry: '/remotes/mf_review/mf-manifest.json' }],
      {
        force: false,
      },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_review/routes');
    expect(routes.default.registerTranslations).toHaveBeenCalled();
  });

  it('remote down: an error panel with a retry in its own area; the retry loads it afresh', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await page(<RemoteScreen remote="mf_install" screen="install" />);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('This part of the site is unavailable');
    expect(screen.getByText('Header keeps working')).toBeInTheDocument();

    runtime.loadRemote.mockResolvedValue(routesOf('mf_install', { install: () => <h1>Install</h1> }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Install' })).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_install', entry: '/remotes/mf_install/mf-manifest.json' }],
      { force: true },
    );
  });

  it('a screen that throws shows the render panel, not the whole page', async () => {
    let broken = true;
    runtime.loadRemote.mockResolvedValue(
      routesOf('mf_users', {
        'user-list': () => {
          if (broken) throw new Error('boom');
          return <h1>Users</h1>;
        },
      }),
    );
    await page(<RemoteScreen remote="mf_users" screen="user-list" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong here');
    expect(screen.getByText('Header keeps working')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });
});
