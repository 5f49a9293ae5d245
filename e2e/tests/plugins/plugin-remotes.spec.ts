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

  test('an unlisted slug shows the 404 page and requests no plugin manifest', async ({ page, site, requests }) => {
    await loginAsAdmin(page, site);
    await page.goto('/admin/not-a-plugin');
    await expect(new AppShell(page).errorText(TEXT.notFound)).toBeVisible();
    expect(requests.urls.filter(isPluginManifest)).toEqual([]);
    expect(requests.urls.filter((u) => u.includes('not-a-plugin') && !u.endsWith('/admin/not-a-plugin'))).toEqual([]);
  });
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
