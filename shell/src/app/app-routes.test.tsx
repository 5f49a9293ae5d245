import { api, startSession, STORAGE_KEYS, takeLoginReturnTo, useRequireLogin } from '@agora/shared-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { envelope, mockFetch, type Handler } from '../test/http';
import { renderShell } from '../test/render';
import { createAppQueryClient } from './query-client';
import { APP_ROUTES } from './router/app-routes';

// Remote screens are stood in for by a marker naming the screen; a few run a request or an action, like
// a real screen would, so the shell's handling of their outcome can be observed.
vi.mock('../remotes/remote-screen', () => ({
  preloadScreen: vi.fn(),
  RemoteScreen: ({ remote, screen }: { remote: string; screen: string }) => {
    if (screen === 'admin-layout')
      return (
        <div>
          <p>{`${remote}/${screen}`}</p>
          <Outlet />
        </div>
      );
    if (screen === 'tag-list') return <FailingScreen />;
    if (screen === 'question-detail') return <VoteScreen />;
    if (screen === 'login') return <LoginScreen />;
    if (screen === 'privacy') throw new Error('a page that fails while rendering');
    if (screen === 'question-edit') return <EditScreen />;
    return <p data-testid="screen">{`${remote}/${screen}`}</p>;
  },
}));

function FailingScreen() {
  useQuery({ queryKey: ['test', 'tags'], queryFn: () => api.get('tags/page') });
  return <p data-testid="screen">mf_qa/tag-list</p>;
}

/** Like the edit screens: sets its own title, then asks for a post that is not there (allow404). */
function EditScreen() {
  useEffect(() => {
    document.title = 'Edit question - Agora Test';
  }, []);
  useQuery({ queryKey: ['test', 'post'], queryFn: () => api.get('question/info'), meta: { allow404: true } });
  return <p data-testid="screen">mf_qa/question-edit</p>;
}

function VoteScreen() {
  const requireLogin = useRequireLogin();
  const [voted, setVoted] = useState(false);
  return (
    <>
      <button type="button" onClick={() => requireLogin() && setVoted(true)}>
        Vote up
      </button>
      {voted && <p>Voted</p>}
    </>
  );
}

/** Logs in the way mf-users' login screen does: start the session, then go to the page to return to. */
function LoginScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logIn = () => {
    startSession(queryClient, currentUser({ access_token: 'token-new' }));
    navigate(takeLoginReturnTo(), { replace: true });
  };
  return (
    <>
      <p data-testid="screen">mf_users/login</p>
      <button type="button" onClick={logIn}>
        Submit login
      </button>
    </>
  );
}

const API = '/answer/api/v1';
/** Toasts and dialogs load antd on first use: seconds in jsdom on a busy machine. */
const LAZY_ANTD = { timeout: 20_000 };
vi.setConfig({ testTimeout: 30_000 });

function serve(routes: Record<string, Handler> = {}, site = siteInfo()) {
  return mockFetch({
    [`GET ${API}/siteinfo`]: site,
    [`GET ${API}/notification/status`]: notificationStatus(),
    ...routes,
  });
}

async function open(path: string, { token = null as string | null } = {}) {
  const queryClient = createAppQueryClient({ retry: false });
  const result = await renderShell(null, { path, token, queryClient, routes: APP_ROUTES });
  return result;
}

const location = () => screen.getByTestId('location').textContent;
const screenName = () => screen.findByTestId('screen');

describe('main layout', () => {
  it('loads the setup, then shows header, side navigation, the screen and the footer', async () => {
    serve();
    await open('/');
    expect(screen.getByRole('status')).toBeInTheDocument(); // loading state first
    expect(await screenName()).toHaveTextContent('mf_qa/question-list');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Agora Test`);
  });

  it('puts account pages outside the side navigation', async () => {
    serve();
    await open('/users/login');
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for unknown paths', async () => {
    serve();
    await open('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'HTTP Error 404' })).toBeInTheDocument();
  });

  it('error pages set the document title, also over the title of the screen they replace', async () => {
    serve();
    const first = await open('/no/such/page');
    await screen.findByRole('heading', { name: 'HTTP Error 404' });
    await waitFor(() => expect(document.title).toBe('HTTP Error 404 - Agora Test'));
    first.unmount();

    serve({
      [`GET ${API}/user/info`]: currentUser(),
      [`GET ${API}/question/info`]: envelope(null, 404, 'error.question.not_found', 'Question not found'),
    });
    await open('/posts/10010000000000001/edit', { token: 'token' });
    await screen.findByRole('heading', { name: 'HTTP Error 404' });
    await waitFor(() => expect(document.title).toBe('HTTP Error 404 - Agora Test'));
  });

  it('shows the 50X page when the site information cannot be loaded', async () => {
    serve({ [`GET ${API}/siteinfo`]: envelope(null, 500, 'base.unknown', 'Unknown error') });
    await open('/');
    expect(await screen.findByRole('heading', { name: 'HTTP Error 50X' })).toBeInTheDocument();
  });

  it('shows the maintenance page when the site is in maintenance', async () => {
    serve({}, siteInfo({ maintenance: true }));
    await open('/questions');
    expect(await screen.findByText("We are under maintenance, we'll be back soon.")).toBeInTheDocument();
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
  });

  it('has a /maintenance page', async () => {
    serve();
    await open('/maintenance');
    expect(await screen.findByText("We are under maintenance, we'll be back soon.")).toBeInTheDocument();
  });

  it('sends mention links to the profile', async () => {
    serve();
    await open('/u/alice');
    expect(await screenName()).toHaveTextContent('mf_users/profile');
    expect(location()).toBe('/users/alice');
  });
});

describe('guards in the router', () => {
  it('private site: a visitor is sent to login, which remembers the page', async () => {
    serve({}, siteInfo({ login: { login_required: true } }));
    await open('/questions?page=2');
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(location()).toBe('/users/login');
    expect(localStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBe('/questions?page=2');
  });

  it('private site: the second layout stays reachable', async () => {
    serve({}, siteInfo({ login: { login_required: true } }));
    await open('/tos');
    expect(await screenName()).toHaveTextContent('mf_users/tos');
  });

  it('a suspended user is sent to the suspended page', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser({ status: 'forbidden' }) });
    await open('/tags', { token: 't' });
    expect(await screenName()).toHaveTextContent('mf_users/account-suspended');
    expect(location()).toBe('/users/account-suspended');
  });

  it('asking needs an activated account', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser({ mail_status: 2 }) });
    await open('/questions/ask', { token: 't' });
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(location()).toBe('/users/login?status=inactive');
  });

  it('asking as a visitor goes to login', async () => {
    serve();
    await open('/questions/ask');
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(location()).toBe('/users/login');
  });

  it('sign-up redirects home when registrations are off', async () => {
    serve({}, siteInfo({ login: { allow_new_registrations: false } }));
    await open('/users/register');
    expect(await screenName()).toHaveTextContent('mf_qa/question-list');
    expect(location()).toBe('/');
  });

  it('/admin shows the 403 page to a member', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser({ role_id: 1 }) });
    await open('/admin', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'HTTP Error 403' })).toBeInTheDocument();
    expect(screen.queryByText('mf_admin/admin-layout')).not.toBeInTheDocument();
  });

  it('/admin refreshes the user first, then opens the admin layout with the dashboard', async () => {
    const http = serve({ [`GET ${API}/user/info`]: currentUser({ role_id: 2 }) });
    await open('/admin', { token: 't' });
    expect(await screenName()).toHaveTextContent('mf_admin/dashboard');
    expect(screen.getByText('mf_admin/admin-layout')).toBeInTheDocument();
    expect(http.count('GET', `${API}/user/info`)).toBe(2);
  });

  it.each([
    ['a moderator', 3],
    ['an administrator', 2],
  ])('/tags/create opens for %s', async (_who, role_id) => {
    serve({ [`GET ${API}/user/info`]: currentUser({ role_id }) });
    await open('/tags/create', { token: 't' });
    expect(await screenName()).toHaveTextContent('mf_qa/tag-create');
  });

  it('/tags/create shows the 403 page to a member, whatever their reputation', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser({ role_id: 1, rank: 100_000 }) });
    await open('/tags/create', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'HTTP Error 403' })).toBeInTheDocument();
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
    expect(location()).toBe('/tags/create');
  });

  it('/tags/create sends a visitor to login', async () => {
    serve();
    await open('/tags/create');
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(location()).toBe('/users/login');
  });

  it('/tags/create needs an activated account', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser({ mail_status: 2 }) });
    await open('/tags/create', { token: 't' });
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(location()).toBe('/users/login?status=inactive');
  });
});

describe('error handling through the query client', () => {
  it('a 50X from a screen shows the 50X page in place of the content; navigating resets it', async () => {
    serve({ [`GET ${API}/tags/page`]: envelope(null, 500, 'base.unknown', 'Unknown error') });
    await open('/tags');
    expect(await screen.findByRole('heading', { name: 'HTTP Error 50X' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument(); // the header keeps working
    await userEvent.click(screen.getByRole('link', { name: 'Agora Test' }));
    expect(await screenName()).toHaveTextContent('mf_qa/question-list');
    expect(screen.queryByRole('heading', { name: 'HTTP Error 50X' })).not.toBeInTheDocument();
  });

  it('a 401 clears the session and goes to login', async () => {
    serve({
      [`GET ${API}/user/info`]: currentUser(),
      [`GET ${API}/tags/page`]: envelope(null, 401, 'base.unauthorized_error', 'Unauthorized'),
    });
    await open('/tags', { token: 'token-alice' });
    await waitFor(() => expect(location()).toBe('/users/login'));
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(await screenName()).toHaveTextContent('mf_users/login');
    expect(localStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBe('/tags');
  });

  it('a 400 with err_type toast shows a danger toast', async () => {
    serve({ [`GET ${API}/tags/page`]: envelope({ err_type: 'toast' }, 400, 'error.x', 'Tags are resting') });
    await open('/tags');
    expect(await screen.findByText('Tags are resting', {}, LAZY_ANTD)).toBeInTheDocument();
    expect(screen.getByTestId('screen')).toHaveTextContent('mf_qa/tag-list');
  });

  it('a 400 with err_type modal opens a dialog', async () => {
    serve({ [`GET ${API}/tags/page`]: envelope({ err_type: 'modal' }, 400, 'error.x', 'Please confirm this') });
    await open('/tags');
    const dialog = await screen.findByRole('dialog', {}, LAZY_ANTD);
    expect(dialog).toHaveTextContent('Please confirm this');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Please confirm this')).not.toBeInTheDocument());
  });

  it('a 403 inactive goes to the inactive page', async () => {
    serve({
      [`GET ${API}/tags/page`]: envelope({ type: 'inactive' }, 403, 'error.email.need_to_be_verified', 'Verify'),
    });
    await open('/tags');
    await waitFor(() => expect(location()).toBe('/users/login?status=inactive'));
  });
});

describe('login-to-continue', () => {
  it('an action that needs a login opens the modal with log in and sign up', async () => {
    serve();
    await open('/questions/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Vote up' }));
    const dialog = await screen.findByRole('dialog', {}, LAZY_ANTD);
    expect(dialog).toHaveTextContent('Log in to continue');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/users/login'));
    expect(localStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBe('/questions/1');
  });

  it('offers no sign up when registrations are off', async () => {
    serve({}, siteInfo({ login: { allow_new_registrations: false } }));
    await open('/questions/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Vote up' }));
    await screen.findByRole('dialog', {}, LAZY_ANTD);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('a logged-in user acts without the modal', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser() });
    await open('/questions/1', { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Vote up' }));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Voted')).toBeInTheDocument();
  });
});

describe('back where the member came from after logging in', () => {
  const logIn = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Submit login' }));
    // Let every redirect the login sets off settle before reading the address.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  };

  it('from the login-to-continue modal on a question page', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser() });
    await open('/questions/1?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Vote up' }));
    await screen.findByRole('dialog', {}, LAZY_ANTD);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/users/login'));
    await logIn();
    expect(location()).toBe('/questions/1?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Vote up' }));
    expect(await screen.findByText('Voted')).toBeInTheDocument();
  });

  it('from the guard of the ask page', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser() });
    await open('/questions/ask?tags=react');
    await waitFor(() => expect(location()).toBe('/users/login'));
    await logIn();
    expect(location()).toBe('/questions/ask?tags=react');
    expect(await screenName()).toHaveTextContent('mf_qa/question-ask');
  });

  it('the page is forgotten once reached: a later visit to the login page leads home', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser() });
    await open('/questions/ask');
    await waitFor(() => expect(location()).toBe('/users/login'));
    await logIn();
    expect(location()).toBe('/questions/ask');
    expect(localStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBeNull();
  });

  it('a logged-in member who opens the login page goes home', async () => {
    serve({ [`GET ${API}/user/info`]: currentUser() });
    await open('/users/login', { token: 't' });
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('a page that throws while rendering', () => {
  it('shows the 50X page inside the app, not the router error screen', async () => {
    serve();
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    await open('/privacy');
    expect(await screen.findByRole('heading', { name: 'HTTP Error 50X' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });
});
