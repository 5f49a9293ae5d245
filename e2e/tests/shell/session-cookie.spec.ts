import type { Request } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { AccountPages } from '../../pages/accounts';
import { AppShell } from '../../pages/app-shell';

// The session in the browser: the login lives in an HttpOnly cookie no script can read, the
// page's storage holds no token, and logging out ends the session on the server.
test.describe('the browser session', () => {
  test('no script can see the token; logout ends it on the server', async ({ page, site }) => {
    const user = await loginAsAdmin(page, site);
    await page.goto('/questions');
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('button', { name: /Account menu/ })).toBeVisible();

    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }),
    }));
    expect(visible.cookie).not.toContain(user.access_token);
    expect(visible.storage).not.toContain(user.access_token);

    // The same session survives a reload (the cookie carries it).
    await page.reload();
    await expect(shell.header.getByRole('button', { name: /Account menu/ })).toBeVisible();

    await shell.header.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
    await expect(shell.loginLink).toBeVisible();
    const cookies = await page.context().cookies(site.url);
    expect(cookies.filter((c) => c.name.endsWith('agora_session') && c.value)).toHaveLength(0);

    // Replaying the old token after logout: not logged in anywhere.
    const replay = await page.request.get(`${site.url}/answer/api/v1/notification/status`, {
      headers: { Authorization: user.access_token },
      failOnStatusCode: false,
    });
    expect(replay.status()).toBe(401);
  });

  test('a forged cross-site write riding the cookie is refused', async ({ page, site }) => {
    await loginAsAdmin(page, site);
    await page.goto('/questions');
    const forged = await page.request.put(`${site.url}/answer/api/v1/notification/status`, {
      data: { type: 'inbox' },
      headers: { Origin: 'http://evil.example' },
      failOnStatusCode: false,
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).reason).toBe('base.csrf_failed');
  });

  test('a login made in the page: every API call sends its token as the Authorization header, besides the cookie', async ({
    page,
    site,
  }) => {
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/answer/')) calls.push(request);
    });
    await page.goto('/users/login');
    const answered = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/user/login/email'));
    await new AccountPages(page, site).logIn(ADMIN.email, ADMIN.password);
    const token = ((await (await answered).json()) as { data: { access_token: string } }).data.access_token;
    expect(token).toBeTruthy();
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const loggedInFrom = calls.length;

    // Through three remotes: the question list (mf-qa), tags, users, settings (mf-users).
    // Each screen is left only once its list has arrived (on a slow machine the URL changes before the
    // remote's screen has asked for anything).
    const tagList = page.waitForResponse((r) => new URL(r.url()).pathname === '/answer/api/v1/tags/page');
    await shell.sideNav.getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/tags$/);
    await tagList;
    const ranking = page.waitForResponse((r) => new URL(r.url()).pathname === '/answer/api/v1/user/ranking');
    await shell.sideNav.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await ranking;
    await shell.header.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/users\/settings/);
    await page.waitForLoadState('networkidle');

    const after = calls.slice(loggedInFrom);
    expect(after.map((request) => new URL(request.url()).pathname)).toEqual(
      expect.arrayContaining(['/answer/api/v1/tags/page', '/answer/api/v1/user/ranking']),
    );
    for (const request of after) {
      const headers = await request.allHeaders();
      expect(headers.authorization, request.url()).toBe(token);
      expect(headers.cookie ?? '', request.url()).toContain(token);
    }
    // Held in memory only: nothing of it in the page's storage.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(token);
  });
});
