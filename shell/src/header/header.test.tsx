import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { Header } from './header';

const API = '/answer/api/v1';

describe('Header, logged out', () => {
  it('shows the site name, log in and sign up', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />);
    expect(await screen.findByRole('link', { name: 'Agora Test' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/users/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/users/register');
    expect(screen.getByRole('link', { name: 'Add question' })).toHaveAttribute('href', '/questions/ask');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Inbox/ })).not.toBeInTheDocument();
  });

  it('hides sign up when registrations are off', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ login: { allow_new_registrations: false } }) });
    await renderShell(<Header />);
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('offers nothing but the brand while the site is not installed', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ installed: false }) });
    await renderShell(<Header />);
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('shows the logo instead of the name when branding has one', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({
        branding: { logo: '/uploads/branding/logo.png', mobile_logo: '', square_icon: '', favicon: '' },
      }),
    });
    await renderShell(<Header />);
    const logo = await screen.findByRole('img', { name: 'Agora Test' });
    expect(logo).toHaveAttribute('src', '/uploads/branding/logo.png');
  });

  it('offers the mobile logo to narrow screens', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({
        branding: { logo: '/uploads/logo.png', mobile_logo: '/uploads/logo-m.png', square_icon: '', favicon: '' },
      }),
    });
    await renderShell(<Header />);
    const logo = await screen.findByRole('img', { name: 'Agora Test' });
    const source = logo.parentElement?.querySelector('source');
    expect(source).toHaveAttribute('srcset', '/uploads/logo-m.png');
    expect(source?.getAttribute('media')).toMatch(/max-width/);
    expect(screen.queryByText('Agora Test', { selector: '.site-header__name' })).not.toBeInTheDocument();
  });

  it('does not make a user-info or notification request without a token', async () => {
    const http = mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />);
    await screen.findByRole('link', { name: 'Log in' });
    expect(http.count('GET', `${API}/user/info`)).toBe(0);
    expect(http.count('GET', `${API}/notification/status`)).toBe(0);
  });
});

describe('Header search', () => {
  it('ignores an empty or blank query', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />, { path: '/tags' });
    const input = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(input, '{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tags$/);
    await userEvent.type(input, '    {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tags$/);
  });

  it('submits to /search?q=', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />, { path: '/tags' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  react hooks {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=react%20hooks');
  });

  it('shows the current query on the search page', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />, { path: '/search?q=%5Bgo%5D' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('[go]');
  });
});

function loggedIn(status = notificationStatus(), user = currentUser()) {
  return mockFetch({
    [`GET ${API}/siteinfo`]: siteInfo(),
    [`GET ${API}/user/info`]: user,
    [`GET ${API}/notification/status`]: status,
    [`GET ${API}/user/logout`]: null,
  });
}

describe('Header, logged in', () => {
  it('shows an unread dot on the bell only when the inbox has unread items', async () => {
    loggedIn(notificationStatus({ inbox: 3, achievement: 0 }));
    await renderShell(<Header />, { token: 'token-alice' });
    const inbox = await screen.findByRole('link', { name: 'Inbox Unread' });
    expect(inbox).toHaveAttribute('href', '/users/notifications/inbox');
    const trophy = screen.getByRole('link', { name: 'Achievements' });
    expect(trophy).toHaveAttribute('href', '/users/notifications/achievement');
    expect(within(trophy).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows an unread dot on the trophy for new achievements', async () => {
    loggedIn(notificationStatus({ inbox: 0, achievement: 2 }));
    await renderShell(<Header />, { token: 'token-alice' });
    expect(await screen.findByRole('link', { name: 'Achievements Unread' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('does not poll notifications for an account that is not activated', async () => {
    const http = loggedIn(notificationStatus({ inbox: 3 }), currentUser({ mail_status: 2 }));
    await renderShell(<Header />, { token: 'token-alice' });
    await screen.findByRole('button', { name: /Account menu/ });
    expect(http.count('GET', `${API}/notification/status`)).toBe(0);
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('opens the avatar menu with profile, bookmarks, settings and log out', async () => {
    loggedIn();
    await renderShell(<Header />, { token: 'token-alice' });
    const button = await screen.findByRole('button', { name: 'Account menu: Alice' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Bookmarks', 'Settings', 'Log out']);
    expect(items[0]).toHaveAttribute('href', '/users/alice');
    expect(items[1]).toHaveAttribute('href', '/users/alice/bookmarks');
    expect(items[2]).toHaveAttribute('href', '/users/settings');
  });

  it('works from the keyboard: arrow keys move, Escape closes and returns focus', async () => {
    loggedIn();
    await renderShell(<Header />, { token: 'token-alice' });
    const button = await screen.findByRole('button', { name: 'Account menu: Alice' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('logs out: calls user/logout, forgets the token and goes home', async () => {
    const http = loggedIn();
    await renderShell(<Header />, { token: 'token-alice', path: '/users/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu: Alice' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(http.count('GET', `${API}/user/logout`)).toBe(1);
    expect(localStorage.getItem('agora.access_token')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends the token and language on every request', async () => {
    const http = loggedIn();
    await renderShell(<Header />, { token: 'token-alice' });
    await screen.findByRole('button', { name: /Account menu/ });
    const info = http.calls.find((r) => r.url.endsWith('/user/info'));
    expect(info?.headers.get('Authorization')).toBe('token-alice');
    expect(info?.headers.get('Accept-Language')).toBe('en-US');
  });
});
