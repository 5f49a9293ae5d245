import { loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';
import { AdminSettingsPage } from '../../pages/admin-settings';
import { expect, test } from './fixture';

const DEFAULT_PRIMARY = 'rgb(0, 51, 255)';

// Settings → Themes and CSS/HTML, changed in the admin screens: the next page load shows them, from the
// same server process (no restart).
test.describe('appearance settings', () => {
  test('a new primary colour and custom CSS show on the next page load, without a restart', async ({
    page,
    admin,
    keepSettings,
    visitorPage,
  }) => {
    await keepSettings('siteinfo/theme', 'siteinfo/custom-css-html');
    const pid = admin.site.pid;
    const visitor = await visitorPage();
    const shell = new AppShell(visitor);
    await visitor.goto('/');
    await expect(shell.header).toHaveCSS('background-color', DEFAULT_PRIMARY);
    await expect(shell.footer).not.toHaveCSS('letter-spacing', '3px');

    await loginAsAdmin(page, admin.site);
    const settings = new AdminSettingsPage(page);
    await settings.openSettings('themes');
    await settings.setColor('themes.primary_color.label', '#AA3300');
    await settings.save();
    await settings.openSettings('css-html');
    await settings.field('css_html.custom_css.label').fill('.site-footer { letter-spacing: 3px; }');
    await settings.field('css_html.custom_header.label').fill('<p class="e2e-banner">Admin banner</p>');
    await settings.field('css_html.custom_footer.label').fill('<p>Admin footer note</p>');
    await settings.save();

    await visitor.reload();
    // The coloured navbar, the theme's custom property and the served stylesheet follow the new settings.
    await expect(shell.header).toHaveCSS('background-color', 'rgb(170, 51, 0)');
    expect(
      await visitor.evaluate(() =>
        getComputedStyle(document.querySelector('.agora-theme')!).getPropertyValue('--agora-primary'),
      ),
    ).toBe('#aa3300');
    await expect(shell.footer).toHaveCSS('letter-spacing', '3px');
    expect(await (await visitor.request.get('/custom.css')).text()).toContain('letter-spacing: 3px');
    // The custom header sits above the site header, the custom footer below the footer.
    const banner = visitor.getByText('Admin banner', { exact: true });
    await expect(banner).toBeVisible();
    const above = await banner.evaluate(
      (el) => !!(el.compareDocumentPosition(document.querySelector('header')!) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    expect(above, 'the custom header comes before the site header').toBe(true);
    const note = visitor.getByText('Admin footer note', { exact: true });
    await expect(note).toBeVisible();
    const below = await note.evaluate(
      (el) => !!(document.querySelector('footer')!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    expect(below, 'the custom footer comes after the footer').toBe(true);

    expect(admin.site.running(), 'the server was never restarted').toBe(true);
    expect(admin.site.pid).toBe(pid);
  });

  test('the dark colour scheme and the fixed-width layout', async ({ page, admin, keepSettings, visitorPage }) => {
    await keepSettings('siteinfo/theme');
    await loginAsAdmin(page, admin.site);
    const settings = new AdminSettingsPage(page);
    await settings.openSettings('themes');
    await settings.choose('themes.color_scheme.label', 'themes.color_scheme.dark');
    await settings.choose('themes.layout.label', 'themes.layout.fixed');
    await settings.save();

    const visitor = await visitorPage();
    await visitor.setViewportSize({ width: 1800, height: 900 });
    await visitor.goto('/');
    await expect(visitor.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(visitor.locator('body')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    const main = visitor.getByRole('main');
    expect((await main.boundingBox())!.width).toBeLessThanOrEqual(1320);

    await settings.openSettings('themes');
    await settings.choose('themes.color_scheme.label', 'themes.color_scheme.light');
    await settings.choose('themes.layout.label', 'themes.layout.full');
    await settings.save();
    await visitor.reload();
    await expect(visitor.locator('html')).toHaveAttribute('data-color-scheme', 'light');
    await expect(visitor.locator('body')).toHaveCSS('background-color', 'rgb(248, 249, 250)');
    await expect.poll(async () => (await main.boundingBox())!.width).toBeGreaterThan(1700);
  });
});
