import { test } from '../../fixtures/test';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { AppShell } from '../../pages/app-shell';
import { expect, hasHorizontalScroll, installText as t, installTextZh, InstallWizard } from '../../pages/install';

// The first-run installer in the browser. The server starts with NO install record
// (install: false: no unattended install), so it runs in install mode; the wizard installs it on SQLite
// and the same process (never restarted) then serves the installed site.

const SITE = {
  name: 'Installed In The Browser',
  contactEmail: 'contact@install.e2e.example.com',
  adminName: 'browser admin',
  adminEmail: 'owner@install.e2e.example.com',
  adminPassword: 'install-e2e-pass1',
} as const;

test.describe('first-run installer (/install: form, rules, errors)', () => {
  test('a fresh server redirects to /install; five steps with SQLite, bad inputs first; the site then works without a restart', async ({
    page,
    startSite,
    guard,
  }) => {
    test.setTimeout(120_000);
    // The failed connection check and the refused inputs answer 400 on purpose.
    guard.allow(/\/installation\/(db\/check|init|base-info)/, /status of 400/);
    const server = await startSite({ install: false, label: 'installer' });
    const wizard = new InstallWizard(page);

    // Install mode: every page leads to the wizard; siteinfo says the site is not installed.
    const siteinfo = await page.request.get(`${server.url}/answer/api/v1/siteinfo`);
    expect((await siteinfo.json()) as { data?: { installed?: boolean } }).toMatchObject({ data: { installed: false } });
    await page.goto(`${server.url}/`);
    await expect(page).toHaveURL(`${server.url}/install`);
    await expect(page.getByRole('heading', { level: 1, name: t('install.title') })).toBeVisible();

    // 1. Language: switching changes the wizard's language at once, and back.
    await wizard.expectStep(1, t('install.language.heading'), 'language');
    await expect(wizard.progress.getByRole('listitem')).toHaveCount(5);
    await wizard.chooseLanguage(t('install.language.label'), '简体中文');
    await expect(wizard.stepHeading).toContainText(installTextZh('install.language.heading'));
    await expect(
      page.getByText(installTextZh('install.progress.step_of', { current: 1, total: 5 }), { exact: true }),
    ).toBeVisible();
    await wizard.chooseLanguage(installTextZh('install.language.label'), 'English');
    await wizard.expectStep(1, t('install.language.heading'), 'language');
    await wizard.next.click();

    // 2. Database: SQLite by default; every field required; a live check with the server's message.
    await wizard.expectStep(2, t('install.database.heading'), 'database');
    await expect(wizard.stepHeading).toBeFocused();
    await expect(wizard.progress.getByRole('listitem').first()).toContainText(t('install.progress.status_done'));
    await expect(wizard.dbType(t('install.database.type.sqlite3'))).toBeChecked();
    const file = wizard.field('install.database.db_file.label');
    await expect(file).toHaveValue('agora.sqlite3');
    await file.fill('');
    await wizard.next.click();
    await expect(wizard.message(t('install.database.db_file.empty'))).toBeVisible();

    await wizard.dbType(t('install.database.type.mysql')).check();
    await expect(wizard.field('install.database.db_host.label')).toHaveValue('localhost:3306');
    await wizard.dbType(t('install.database.type.postgres')).check();
    await expect(wizard.field('install.database.db_host.label')).toHaveValue('localhost:5432');
    await wizard.dbType(t('install.database.type.mysql')).check();
    await wizard.next.click();
    await expect(wizard.message(t('install.database.db_name.empty'))).toBeVisible();
    await expect(wizard.message(t('install.database.db_username.empty'))).toBeVisible();
    await expect(wizard.message(t('install.database.db_password.empty'))).toBeVisible();

    // Nothing listens on port 1: the server's failure message shows in the alert above the form.
    await wizard.field('install.database.db_host.label').fill('127.0.0.1:1');
    await wizard.field('install.database.db_name.label').fill('agora');
    await wizard.field('install.database.db_username.label').fill('agora');
    await wizard.field('install.database.db_password.label').fill('not-a-password');
    const dbCheck = page.waitForResponse((r) => r.url().endsWith('/installation/db/check'));
    await wizard.button(t('install.actions.check_connection')).click();
    const checkResponse = await dbCheck;
    expect(checkResponse.status()).toBe(400);
    // The server's message, read by sending the same request again from the test: Chromium may have
    // dropped the page's response body from its buffer ("No data found for resource") under load.
    const sent = checkResponse.request();
    const replay = await page.request.post(checkResponse.url(), {
      data: sent.postDataJSON() as unknown,
      headers: { 'Accept-Language': (await sent.allHeaders())['accept-language'] ?? 'en-US' },
      failOnStatusCode: false,
    });
    expect(replay.status()).toBe(400);
    const serverMessage = ((await replay.json()) as { msg: string }).msg;
    const failed = wizard.alert(t('install.database.connection_failed'));
    await expect(failed).toBeVisible();
    expect(serverMessage.length).toBeGreaterThan(0);
    await expect(failed).toContainText(serverMessage);
    expect(serverMessage).not.toContain('not-a-password');

    // The layout holds on a phone.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await hasHorizontalScroll(page), 'no sideways scroll at 375 px (database step)').toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back to SQLite with the default file: the check passes, then Next creates the configuration and tables.
    await wizard.dbType(t('install.database.type.sqlite3')).check();
    await file.fill('agora.sqlite3');
    await wizard.button(t('install.actions.check_connection')).click();
    await expect(page.getByText(t('install.database.connection_ok'))).toBeVisible();
    await expect(failed).toHaveCount(0);
    await wizard.next.click();

    // 3. Configuration and tables ready.
    await wizard.expectStep(3, t('install.config.heading'), 'config');
    await expect(page.getByText(t('install.config.created'))).toBeVisible();
    await expect(page.getByText(t('install.config.tables'))).toBeVisible();
    await wizard.next.click();

    // 4. Site information and the admin account: bad inputs first.
    await wizard.expectStep(4, t('install.site.heading'), 'site');
    await expect(wizard.field('install.site.site_url.label')).toHaveValue(server.url);
    await wizard.field('install.site.contact_email.label').fill('not-an-email');
    await wizard.field('install.site.name.label').fill(SITE.adminName);
    await wizard.field('install.site.password.label').fill('short');
    await wizard.field('install.site.email.label').fill(SITE.adminEmail);
    const install = wizard.button(t('install.actions.install'));
    await install.click();
    await expect(wizard.message(t('install.site.site_name.empty'))).toBeVisible();
    await expect(wizard.message(t('install.site.contact_email.invalid'))).toBeVisible();
    await expect(wizard.message(t('install.site.password.length', { min: 8, max: 32 }))).toBeVisible();
    await expect(wizard.field('install.site.site_name.label')).toBeFocused();
    await wizard.field('install.site.site_name.label').fill('x'.repeat(31));
    await expect(wizard.message(t('install.site.site_name.too_long', { max: 30 }))).toBeVisible();
    await wizard.field('install.site.name.label').fill('a');
    await expect(wizard.message(t('install.site.name.length', { min: 2, max: 30 }))).toBeVisible();
    await wizard.field('install.site.name.label').fill('admin!');
    await expect(wizard.message(t('install.site.name.characters'))).toBeVisible();

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await hasHorizontalScroll(page), 'no sideways scroll at 375 px (site step)').toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await wizard.field('install.site.site_name.label').fill(SITE.name);
    await wizard.field('install.site.contact_email.label').fill(SITE.contactEmail);
    await wizard.field('install.site.name.label').fill(SITE.adminName);
    await wizard.field('install.site.password.label').fill(SITE.adminPassword);
    await expect(page.getByRole('alert').filter({ hasText: /cannot be empty|not a valid|must be/ })).toHaveCount(0);
    const baseInfo = page.waitForResponse((r) => r.url().endsWith('/installation/base-info'));
    await install.click();
    expect((await baseInfo).status(), `base-info answered ${await (await baseInfo).text()}`).toBe(200);

    // 5. Finish.
    await wizard.expectStep(5, t('install.finish.heading'), 'finish');
    await expect(page.getByText(t('install.finish.body', { site: SITE.name }))).toBeVisible();
    await expect(page.getByRole('link', { name: t('install.finish.admin') })).toHaveAttribute('href', '/admin');
    const home = page.getByRole('link', { name: t('install.finish.home') });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();

    // The same server process, never restarted, now serves the installed site under its new name.
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(new AppShell(page).brand(SITE.name)).toBeVisible();
    await expectRemoteRendered(page, 'mf_qa');
    expect(server.running(), 'the server was not restarted').toBe(true);

    // The admin account logs in.
    const login = await page.request.post(`${server.url}/answer/api/v1/user/login/email`, {
      data: { e_mail: SITE.adminEmail, pass: SITE.adminPassword },
      failOnStatusCode: false,
    });
    const loginText = await login.text();
    expect(login.status(), `login answered ${loginText.slice(0, 300)}`).toBe(200);
    expect(JSON.parse(loginText)).toMatchObject({ data: { role_id: 2 } });

    // Installing again is refused: the installer API is gone.
    const again = await page.request.post(`${server.url}/installation/db/check`, {
      data: { db_type: 'sqlite3', db_file: 'other.sqlite3' },
      failOnStatusCode: false,
    });
    expect(again.status()).toBe(404);
    const installedInfo = await page.request.get(`${server.url}/answer/api/v1/siteinfo`);
    const info = (await installedInfo.json()) as { data?: { installed?: boolean; general?: { name?: string } } };
    expect(info.data?.installed).not.toBe(false);
    expect(info.data?.general?.name).toBe(SITE.name);

    // The wizard itself now only says the site is installed.
    await page.goto(`${server.url}/install`);
    await expect(page.getByRole('heading', { level: 2, name: t('install.installed.heading') })).toBeVisible();
    await expect(wizard.progress).toHaveCount(0);
  });
});
