import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { loginAsAdmin } from '../../fixtures/login';
import { freePort } from '../../fixtures/server';
import { serveStatic, type StaticServer } from '../../fixtures/static-server';
import { AppShell } from '../../pages/app-shell';

// Logout is reached by GET (the contract), so another site could try to end a member's session with a
// link or an image. The browser sends the session cookie with both; the server wants the app's own header.
test.describe('logout from another site', () => {
  let other: StaticServer | undefined;
  test.afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  test("an <img> and a link to the logout URL on another origin leave the member logged in; the app's button logs out", async ({
    page,
    site,
    scratch,
    guard,
  }) => {
    // The refused requests of the attack show up as failed resource loads on the other site's page.
    guard.allow(/user\/logout/, /status of 403/, /favicon\.ico/);
    const logoutUrl = `${site.url}/answer/api/v1/user/logout`;
    const root = scratch('evil-site-');
    writeFileSync(
      path.join(root, 'attack.html'),
      `<!doctype html><html><body><img alt="" src="${logoutUrl}"><a id="go" href="${logoutUrl}">win a prize</a></body></html>`,
    );
    other = await serveStatic(root, await freePort());

    await loginAsAdmin(page, site);
    await page.goto('/questions');
    const shell = new AppShell(page);
    const accountMenu = shell.header.getByRole('button', { name: /Account menu/ });
    await expect(accountMenu).toBeVisible();

    // The image: the browser asks for the logout URL (the other origin is on the same host, so the
    // session cookie goes along); the server must not end the session.
    const imageRequest = page.waitForRequest((request) => request.url() === logoutUrl);
    await page.goto(`${other.url}/attack.html`);
    await imageRequest;
    await page.waitForLoadState('networkidle');

    // The link: a top-level navigation from the other origin, which carries the cookie even under SameSite=Lax.
    const navigation = page.waitForResponse((response) => response.url() === logoutUrl);
    await page.locator('#go').click();
    const navigated = await navigation;
    // 403 (not 401): the request carried a live session cookie, and the CSRF check refused it.
    expect(navigated.status()).toBe(403);
    expect(await navigated.json()).toMatchObject({ reason: 'base.csrf_failed' });

    await page.goto(`${site.url}/questions`);
    await expect(accountMenu).toBeVisible();
    const cookies = await page.context().cookies(site.url);
    expect(cookies.filter((c) => c.name.endsWith('agora_session') && c.value)).toHaveLength(1);

    // The app's own logout still works.
    await accountMenu.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
    await expect(shell.loginLink).toBeVisible();
    await page.reload();
    await expect(shell.loginLink).toBeVisible();
  });
});
