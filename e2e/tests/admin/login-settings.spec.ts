import { loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';
import { AdminSettingsPage } from '../../pages/admin-settings';
import { expect, test } from './fixture';

// Settings → Login, changed in the admin screen and seen by a visitor in another browser.
test.describe('login settings', () => {
  test('registrations off: the sign-up page sends a visitor to the home page', async ({
    page,
    admin,
    keepSettings,
    visitorPage,
  }) => {
    await keepSettings('siteinfo/login');
    const visitor = await visitorPage();
    await visitor.goto('/users/register');
    await expect(visitor, 'sign-up is open before').toHaveURL(`${admin.site.url}/users/register`);

    await loginAsAdmin(page, admin.site);
    const settings = new AdminSettingsPage(page);
    await settings.openSettings('login');
    await settings.setSwitch('login.allow_new_registrations.label', false);
    await settings.save();

    await visitor.goto('/users/register');
    await expect(visitor).toHaveURL(`${admin.site.url}/`);
    await expect(new AppShell(visitor).loginLink).toBeVisible();
    await expect(new AppShell(visitor).header.getByRole('link', { name: 'Sign up', exact: true })).toHaveCount(0);
    // The server refuses it too, not only the app.
    const refused = await visitor.request.post('/answer/api/v1/user/register/email', {
      data: { name: 'nobody', e_mail: 'nobody@e2e.example.com', pass: 'pass-nobody-1' },
      headers: { 'X-Agora-Request': '1' },
      failOnStatusCode: false,
    });
    expect(refused.status()).not.toBe(200);
  });

  test('a private site sends a visitor to log in, and robots.txt disallows everything', async ({
    page,
    admin,
    keepSettings,
    visitorPage,
  }) => {
    await keepSettings('siteinfo/login');
    const visitor = await visitorPage();
    await visitor.goto('/questions');
    await expect(visitor, 'public before').toHaveURL(`${admin.site.url}/questions`);
    expect(await (await visitor.request.get('/robots.txt')).text()).not.toBe('User-agent: *\nDisallow: /\n');

    await loginAsAdmin(page, admin.site);
    const settings = new AdminSettingsPage(page);
    await settings.openSettings('login');
    await settings.setSwitch('login.login_required.label', true);
    await settings.save();

    for (const path of ['/', '/questions', '/tags']) {
      await visitor.goto(path);
      await expect(visitor, `${path} goes to login`).toHaveURL(`${admin.site.url}/users/login`);
    }
    const robots = await visitor.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    // The administrator still sees the site.
    await page.goto('/questions');
    await expect(page).toHaveURL(`${admin.site.url}/questions`);
  });
});
