import { expect, test } from '../../fixtures/test';
import { loginAsAdmin } from '../../fixtures/login';
import { expectSharedSingletons } from '../../fixtures/singletons';
import { AppShell, TEXT } from '../../pages/app-shell';
import { PluginHelloPage } from '../../pages/plugin-hello';

const isPluginManifest = (url: string) => new URL(url).pathname.startsWith('/plugins/');

test.describe('plugin remotes (admin)', () => {
  test('a plugin registered in the server configuration is mounted at /admin/{slug_name}', async ({
    page,
    site,
    requests,
  }) => {
    await loginAsAdmin(page, site);
    await page.goto('/admin/hello');
    const plugin = new PluginHelloPage(page);
    await expect(plugin.heading).toBeVisible();
    await expect(plugin.path).toHaveText('/admin/hello');
    expect(requests.manifests().map((u) => new URL(u).pathname)).toContain('/plugins/hello/mf-manifest.json');
    await expectSharedSingletons(page, ['plugin_hello']);
  });

  test('a deep link into a plugin reaches it with its full path', async ({ page, site }) => {
    await loginAsAdmin(page, site);
    await page.goto('/admin/hello/some/deep/path');
    const plugin = new PluginHelloPage(page);
    await expect(plugin.heading).toBeVisible();
    await expect(plugin.path).toHaveText('/admin/hello/some/deep/path');
  });

  test('an unlisted slug says the plugin is not installed, inside the admin layout, and loads nothing', async ({
    page,
    site,
    requests,
  }) => {
    await loginAsAdmin(page, site);
    await page.goto('/admin/not-a-plugin');
    const panel = page.getByRole('region', { name: 'Plugin not installed' });
    await expect(panel).toContainText('No plugin called “not-a-plugin” is installed');
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
    await expect(new AppShell(page).errorText(TEXT.notFound)).toHaveCount(0);
    await panel.getByRole('link', { name: 'See the installed plugins' }).click();
    await expect(page).toHaveURL(/\/admin\/installed-plugins$/);
    expect(requests.urls.filter(isPluginManifest)).toEqual([]);
    expect(requests.urls.filter((u) => u.includes('not-a-plugin') && !u.endsWith('/admin/not-a-plugin'))).toEqual([]);
  });
});

test('/admin/dashboard shows the dashboard inside the admin layout, reached from its menu item', async ({
  page,
  site,
}) => {
  await loginAsAdmin(page, site);
  await page.goto('/admin/dashboard');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // GET dashboard: the figures, the 30-day chart (with its text alternative) and the system card.
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText('Questions');
  await expect(page.getByRole('img', { name: 'Last 30 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'System' })).toContainText('Database');
  // The plugin's own page is in the menu's Plugins group.
  await expect(menu.getByRole('link', { name: 'Hello' })).toHaveAttribute('href', '/admin/hello');
  await expect(new AppShell(page).errorText(TEXT.notFound)).toHaveCount(0);
  // The menu's Dashboard item is /admin/dashboard and is the current page there.
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
});

test('a visitor who is not logged in gets the 403 page at /admin/hello and no plugin is loaded', async ({
  page,
  requests,
}) => {
  await page.goto('/admin/hello');
  await expect(new AppShell(page).errorText(TEXT.forbidden)).toBeVisible();
  await expect(new PluginHelloPage(page).heading).toHaveCount(0);
  expect(requests.urls.filter(isPluginManifest)).toEqual([]);
});
