import { expect, test } from '../../fixtures/test';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { AppShell, TEXT } from '../../pages/app-shell';

const SITE_NAME = 'E2E Community';
// Settings come from the server's config file (`site`): pinned there, they win over the installed
// site's stored settings.

test.describe('header, footer and side navigation', () => {
  test('header shows the site name from the settings and, for a visitor, Log in and Sign up; footer shows year and site name', async ({
    page,
    startSite,
  }) => {
    const server = await startSite({ site: { general: { name: SITE_NAME } }, label: 'site-name' });
    await page.goto(`${server.url}/`);
    const shell = new AppShell(page);
    await expect(shell.brand(SITE_NAME)).toBeVisible();
    await expect(shell.brand(SITE_NAME)).toHaveAttribute('href', '/');
    await expect(shell.loginLink).toHaveAttribute('href', '/users/login');
    await expect(shell.signupLink).toHaveAttribute('href', '/users/register');
    await expect(shell.footer).toContainText(String(new Date().getFullYear()));
    await expect(shell.footer).toContainText(SITE_NAME);
    await expectRemoteRendered(page, 'mf_qa');
  });

  test('Sign up is hidden when the site does not allow new registrations', async ({ page, startSite }) => {
    const server = await startSite({
      site: { login: { allow_new_registrations: false } },
      label: 'no-signup',
    });
    await page.goto(`${server.url}/questions`);
    const shell = new AppShell(page);
    await expect(shell.loginLink).toBeVisible();
    await expect(shell.signupLink).toHaveCount(0);
    await expectRemoteRendered(page, 'mf_qa');
  });

  test('the search form ignores empty input and submits /search?q=…', async ({ page, site }) => {
    await page.goto('/questions');
    const shell = new AppShell(page);
    await shell.searchBox.press('Enter');
    await shell.searchBox.fill('   ');
    await shell.searchBox.press('Enter');
    await expect(page).toHaveURL(`${site.url}/questions`);

    await shell.searchBox.fill('module federation & "singletons"');
    await shell.searchBox.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'module federation & "singletons"',
    );
    await expectRemoteRendered(page, 'mf_qa');
  });

  test('side navigation: Questions is active at / and /questions, each link leads to its page', async ({
    page,
    site,
  }) => {
    const shell = new AppShell(page);
    await page.goto('/');
    await expect(shell.sideNavLink('Questions')).toHaveAttribute('aria-current', 'page');
    await expect(shell.sideNavLink('Tags')).not.toHaveAttribute('aria-current', 'page');
    await expect(shell.sideNav.getByRole('link', { name: 'Review' })).toHaveCount(0);
    await expect(shell.sideNav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await shell.sideNavLink('Tags').click();
    await expect(page).toHaveURL(`${site.url}/tags`);
    await expect(shell.sideNavLink('Tags')).toHaveAttribute('aria-current', 'page');
    await expect(shell.sideNavLink('Questions')).not.toHaveAttribute('aria-current', 'page');

    await shell.sideNavLink('Users').click();
    await expect(page).toHaveURL(`${site.url}/users`);
    await expectRemoteRendered(page, 'mf_users');

    await shell.sideNavLink('Questions').click();
    await expect(page).toHaveURL(`${site.url}/questions`);
    await expect(shell.sideNavLink('Questions')).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('guards and error pages', () => {
  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    const { heading, description } = new AppShell(page).errorPage(404);
    await expect(heading).toBeVisible();
    await expect(description).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
    await expect(new AppShell(page).header).toBeVisible();
  });

  test('/admin for a visitor shows the 403 page', async ({ page }) => {
    await page.goto('/admin');
    const { heading, description } = new AppShell(page).errorPage(403);
    await expect(heading).toBeVisible();
    await expect(description).toBeVisible();
  });

  test('maintenance mode shows the maintenance page', async ({ page, startSite, guard }) => {
    const server = await startSite({ maintenance: true, label: 'maintenance' });
    // In maintenance every API answers 503; the browser logs those responses.
    guard.allow(/status of 503/);
    await page.goto(`${server.url}/questions`);
    await expect(page.getByText(TEXT.maintenance, { exact: true })).toBeVisible();
  });

  test('a private site sends a visitor to /users/login', async ({ page, startSite }) => {
    const server = await startSite({ site: { login: { login_required: true } }, label: 'private' });
    await page.goto(`${server.url}/questions`);
    await expect(page).toHaveURL(`${server.url}/users/login`);
    await expectRemoteRendered(page, 'mf_users');
  });
});

test.describe('layout holds on small and large screens', () => {
  for (const width of [375, 1280]) {
    test(`no horizontal scroll at ${width} px`, async ({ page, site }) => {
      await page.setViewportSize({ width, height: 800 });
      const shell = new AppShell(page);
      for (const path of ['/', '/users', '/no/such/page', '/admin']) {
        await page.goto(path);
        await expect(shell.header).toBeVisible();
        await expect(shell.footer).toBeVisible();
        await expect(shell.main).not.toBeEmpty();
        expect(await shell.hasHorizontalScroll(), `${path} at ${width} px`).toBe(false);
      }
      await page.goto('/');
      if (width < 992) {
        await expect(shell.sideNav).toBeHidden();
        await shell.menuButton.click();
        await expect(shell.sideNavLink('Users')).toBeVisible();
        expect(await shell.hasHorizontalScroll(), 'menu open').toBe(false);
        await shell.sideNavLink('Users').click();
        await expect(page).toHaveURL(`${site.url}/users`);
        await expect(shell.sideNav).toBeHidden();
      } else {
        await expect(shell.sideNav).toBeVisible();
        await expect(shell.menuButton).toBeHidden();
      }
    });
  }
});
