import { expect, test } from '../../fixtures/test';
import { loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';

// Logged-in parts of the shell (header, session). They log in through the real endpoint.
test.describe('shell for a logged-in administrator', () => {
  test('header: inbox and achievements links, the avatar menu with profile, bookmarks, settings and log out', async ({
    page,
    site,
  }) => {
    const user = await loginAsAdmin(page, site);
    await page.goto('/questions');
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('link', { name: /Inbox/ })).toHaveAttribute(
      'href',
      '/users/notifications/inbox',
    );
    await expect(shell.header.getByRole('link', { name: /Achievements/ })).toHaveAttribute(
      'href',
      '/users/notifications/achievement',
    );
    await expect(shell.loginLink).toHaveCount(0);
    await expect(shell.signupLink).toHaveCount(0);

    const menuButton = shell.header.getByRole('button', { name: /Account menu/ });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/users/${user.username}`);
    await expect(menu.getByRole('menuitem', { name: 'Bookmarks' })).toHaveAttribute(
      'href',
      `/users/${user.username}/bookmarks`,
    );
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/users/settings');

    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(shell.loginLink).toBeVisible();
  });

  test('side navigation: the moderation group with Review and Admin, collapsible', async ({ page, site }) => {
    await loginAsAdmin(page, site);
    await page.goto('/questions');
    const shell = new AppShell(page);
    const toggle = shell.sideNav.getByRole('button', { name: 'Moderation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.sideNav.getByRole('link', { name: /^Review/ })).toBeVisible();
    await expect(shell.sideNavLink('Admin')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.sideNavLink('Admin')).toBeHidden();
    await toggle.click();
    await shell.sideNavLink('Admin').click();
    await expect(page).toHaveURL(`${site.url}/admin`);
  });

  test('notification status is polled every 3 s; the current user is fetched at most once per 10 s', async ({
    page,
    site,
    requests,
  }) => {
    await loginAsAdmin(page, site);
    // The page's clock is Playwright's: the 7 s below pass at once and exactly, not on the test's time.
    await page.clock.install();
    await page.goto('/questions');
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const count = (pathname: string) => requests.urls.filter((u) => new URL(u).pathname === pathname).length;
    const statusBefore = count('/answer/api/v1/notification/status');
    // Move around inside the 10 s window: the current user must not be fetched again.
    await shell.sideNavLink('Tags').click();
    await shell.sideNavLink('Users').click();
    await shell.sideNavLink('Questions').click();
    await page.clock.runFor(7_000);
    const polls = () => count('/answer/api/v1/notification/status') - statusBefore;
    await expect.poll(polls, 'notification/status polls in 7 s').toBeGreaterThanOrEqual(2);
    expect(polls(), 'notification/status polls in 7 s').toBeLessThanOrEqual(3);
    expect(count('/answer/api/v1/user/info'), 'user/info within 10 s').toBe(1);
  });

  test('a 50X answer to the notification poll is ignored: no error page, polling goes on', async ({
    page,
    site,
    requests,
    guard,
  }) => {
    await loginAsAdmin(page, site);
    // Fault injection on the poll only: the real server answers everything else.
    await page.route('**/answer/api/v1/notification/status', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ code: 502, reason: 'base.unknown', msg: 'Bad gateway.', data: null }),
      }),
    );
    guard.allow(/status of 502/);
    await page.clock.install();
    await page.goto('/questions');
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await page.clock.runFor(7_000);
    await expect
      .poll(() => requests.urls.filter((u) => new URL(u).pathname === '/answer/api/v1/notification/status').length)
      .toBeGreaterThanOrEqual(2);
    await expect(shell.errorPage('50X').heading).toHaveCount(0);
    await expect(shell.sideNavLink('Questions')).toBeVisible();
  });
});
