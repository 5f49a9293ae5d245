import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { Header } from './header';

const API = '/answer/api/v1';

describe('Header on a site that requires login', () => {
  it('offers a visitor only log in and sign up: no search box, no Add question', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ login: { login_required: true } }) });
    await renderShell(<Header />, { path: '/users/login' });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add question' })).not.toBeInTheDocument();
  });

  it('gives a member the search box and Add question', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({ login: { login_required: true } }),
      [`GET ${API}/user/info`]: currentUser(),
      [`GET ${API}/notification/status`]: notificationStatus(),
    });
    await renderShell(<Header />, { token: 'token' });
    expect(await screen.findByRole('link', { name: 'Add question' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});

describe('Header under maintenance', () => {
  it('offers no Log in or Sign up on the maintenance page', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo() });
    await renderShell(<Header />, { path: '/maintenance' });
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('offers no Log in or Sign up while the site is in maintenance', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ maintenance: true }) });
    await renderShell(<Header />, { path: '/questions' });
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
