import { request } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import { AppShell } from '../../pages/app-shell';
import { PeoplePages, serverText, TINY_PNG } from '../../pages/users';
import { expect, test } from './fixture';

// Settings: the real server, the production build, a logged-in administrator.
test.describe('settings', () => {
  test('profile: a bad username is refused with a message; a good one shows on the profile page', async ({
    page,
    usersSite,
    guard,
  }) => {
    // The refused save (400 with field errors) is logged by the browser.
    guard.allow(/\/answer\/api\/v1\/user\/info$/);
    const site = await usersSite();
    await loginAsAdmin(page, site);
    const people = new PeoplePages(page, site.url);
    await page.goto(`${site.url}/users/settings`);
    await expect(page.getByRole('link', { name: people.text('settings.tab.profile') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const username = people.field('settings.profile.username.label');
    await expect(username).toHaveValue(/.+/);

    // Client check: the name character set.
    await username.fill('bad name!');
    await people.button('settings.profile.save').click();
    await expect(page.getByText(people.text('settings.profile.username.characters'), { exact: true })).toBeVisible();

    // Server check: a one-letter name comes back as a field error on the username.
    await username.fill('g');
    await people.button('settings.profile.save').click();
    const range = serverText('error.username.range').replace('{min}', '2').replace('{max}', '30');
    await expect(page.getByText(range, { exact: true })).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');

    await people.field('settings.profile.display_name.label').fill('Grace Hopper');
    await username.fill('grace-h');
    await people.field('settings.profile.bio.label').fill('Wrote the **first** compiler.');
    await people.field('settings.profile.website.label').fill('https://grace.example.com');
    await people.field('settings.profile.location.label').fill('Arlington');
    await people.button('settings.profile.save').click();
    await expect(page.getByText(people.text('settings.profile.saved'))).toBeVisible();

    await page.goto(`${site.url}/users/grace-h`);
    await expect(people.heading('Grace Hopper')).toBeVisible();
    await expect(page.getByText('@grace-h', { exact: true })).toBeVisible();
    await expect(page.locator('.people-profile__bio strong')).toHaveText('first');
    const website = page.getByRole('link', { name: 'grace.example.com' });
    await expect(website).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(page.getByText('Arlington', { exact: true })).toBeVisible();
    // The header's avatar menu follows the new name.
    await new AppShell(page).header.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/users/grace-h');
  });

  test('profile: a custom avatar is uploaded (checked first) and shown on the profile', async ({ page, usersSite }) => {
    const site = await usersSite();
    const admin = await loginAsAdmin(page, site);
    const people = new PeoplePages(page, site.url);
    await page.goto(`${site.url}/users/settings/profile`);
    await page.getByRole('radio', { name: people.text('settings.profile.avatar.custom') }).check();
    await people.button('settings.profile.save').click();
    await expect(page.getByText(people.text('settings.profile.avatar.empty'), { exact: true })).toBeVisible();

    const input = page.getByLabel(people.text('settings.profile.avatar.choose'));
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText(people.text('settings.profile.avatar.only_image'))).toBeVisible();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = page.locator('.people-upload img');
    await expect(preview).toHaveAttribute('src', /\/uploads\/avatar\/.+\?s=192$/);
    await people.button('settings.profile.save').click();
    await expect(page.getByText(people.text('settings.profile.saved'))).toBeVisible();

    await page.goto(`${site.url}/users/${admin.username}`);
    const picture = page.locator('img.people-profile__avatar');
    await expect(picture).toHaveAttribute('src', /\/uploads\/avatar\//);
    // The picture really loads from the server.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('account: change the password, then log in with the new one (the old one no longer works)', async ({
    page,
    usersSite,
  }) => {
    const site = await usersSite();
    await loginAsAdmin(page, site);
    const people = new PeoplePages(page, site.url);
    await page.goto(`${site.url}/users/settings/account`);
    const section = people.region('settings.account.password.title');
    await section.getByLabel(people.text('settings.account.password.current'), { exact: true }).fill(ADMIN.password);
    await section.getByLabel(people.text('settings.account.password.new'), { exact: true }).fill('short');
    await section.getByLabel(people.text('settings.account.password.confirm'), { exact: true }).fill('short!');
    await section.getByRole('button', { name: people.text('settings.account.password.submit') }).click();
    await expect(section.getByText(people.text('settings.account.password.length', { min: 8, max: 32 }))).toBeVisible();
    await expect(section.getByText(people.text('settings.account.password.mismatch'))).toBeVisible();

    const next = 'a brand new passphrase';
    await section.getByLabel(people.text('settings.account.password.new'), { exact: true }).fill(next);
    await section.getByLabel(people.text('settings.account.password.confirm'), { exact: true }).fill(next);
    await section.getByRole('button', { name: people.text('settings.account.password.submit') }).click();
    await expect(section.getByText(people.text('settings.account.password.changed'))).toBeVisible();

    // My logins lists this browser's session.
    const logins = people.region('settings.account.sessions.title');
    await expect(logins.getByText(people.text('settings.account.sessions.this_device'))).toBeVisible();

    // A fresh client (no session cookie) logs in with the new password only.
    const client = await request.newContext();
    const login = (pass: string) =>
      client.post(`${site.url}/answer/api/v1/user/login/email`, {
        data: { e_mail: ADMIN.email, pass },
        failOnStatusCode: false,
      });
    expect((await login(ADMIN.password)).status()).toBe(400);
    expect((await login(next)).status()).toBe(200);
    await client.dispose();
  });

  test('interface: choosing 中文 switches the header at once', async ({ page, usersSite }) => {
    const site = await usersSite();
    await loginAsAdmin(page, site);
    const people = new PeoplePages(page, site.url);
    const shell = new AppShell(page);
    await page.goto(`${site.url}/users/settings/interface`);
    await expect(shell.header.getByRole('link', { name: 'Add question' })).toBeVisible();
    await page.getByRole('combobox', { name: people.text('settings.interface.language') }).click();
    await page.getByTitle('简体中文').click();
    await people.button('settings.save').click();
    await expect(shell.header.getByRole('link', { name: '提问题' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
    // It is the account's setting: a fresh page load keeps it.
    await page.reload();
    await expect(shell.header.getByRole('link', { name: '提问题' })).toBeVisible();
  });

  test('account: my logins lists another device, which can be signed out', async ({ page, usersSite }) => {
    const site = await usersSite();
    await loginAsAdmin(page, site);
    // A second login from another client (its own cookie jar).
    const other = await request.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    });
    const login = await other.post(`${site.url}/answer/api/v1/user/login/email`, {
      data: { e_mail: ADMIN.email, pass: ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const whoAmI = async () =>
      ((await (await other.get(`${site.url}/answer/api/v1/user/info`)).json()) as { data: unknown }).data;
    expect(await whoAmI()).not.toBeNull();

    const people = new PeoplePages(page, site.url);
    await people.openSettings('account');
    const logins = people.region('settings.account.sessions.title');
    await expect(logins.getByRole('listitem')).toHaveCount(2);
    const device = people.text('settings.account.sessions.device', { browser: 'Firefox', os: 'Windows' });
    await logins
      .getByRole('button', { name: people.text('settings.account.sessions.revoke_label', { device }) })
      .click();
    await expect(logins.getByRole('listitem')).toHaveCount(1);
    await expect(logins.getByText(people.text('settings.account.sessions.this_device'))).toBeVisible();
    expect(await whoAmI()).toBeNull();
    await other.dispose();
  });
});
