import { mockFetch } from '@agora/shared-api/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test/render';
import AdminLayout from './admin-layout';

describe('the admin menu', () => {
  it('lists Badges under Contents, current on /admin/badges', async () => {
    mockFetch({ 'GET /remotes.json': { remotes: [], plugins: [] } });
    renderAdmin(AdminLayout, '/admin/badges');
    const contents = await screen.findByRole('region', { name: 'Contents' });
    const link = within(contents).getByRole('link', { name: 'Badges' });
    expect(link).toHaveAttribute('href', '/admin/badges');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('lists the Audit log under Security, current on /admin/audit', async () => {
    mockFetch({ 'GET /remotes.json': { remotes: [], plugins: [] } });
    renderAdmin(AdminLayout, '/admin/audit');
    const security = await screen.findByRole('region', { name: 'Security' });
    const link = within(security).getByRole('link', { name: 'Audit log' });
    expect(link).toHaveAttribute('href', '/admin/audit');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
