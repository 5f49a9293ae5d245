import { expectRemoteRendered } from '../../fixtures/navigation';
import { expect, test } from '../../fixtures/test';
import { AppShell } from '../../pages/app-shell';

const PNG = (color: string) =>
  // The same 1x1 PNG as a data URL, told apart by the URL's fragment.
  `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==#${color}`;
const LOGO = PNG('logo');
const MOBILE_LOGO = PNG('mobile');
const FAVICON = PNG('favicon');
const SQUARE = PNG('square');

/** The appearance settings of a site, as the config file's `site` overrides set them. */
const APPEARANCE = {
  general: { name: 'Appearance Site' },
  theme: {
    theme: 'default',
    theme_config: { default: { primary_color: '#AA3300', navbar_style: 'light' } },
    color_scheme: 'dark',
    layout: 'Fixed-width',
  },
  branding: { logo: LOGO, mobile_logo: MOBILE_LOGO, favicon: FAVICON, square_icon: SQUARE },
  custom_css_html: {
    custom_css: '.site-footer { letter-spacing: 3px; }',
    custom_head: '<meta name="e2e-custom-head" content="inserted">',
    custom_header: '<div class="e2e-announcement"><p>Site announcement',
    custom_footer: '<p>Footer note of the admin</p>',
    custom_sidebar: '<section><h2>Sponsored by us</h2></section>',
  },
};

test.describe('the site appearance settings on every page', () => {
  test('theme, dark scheme, fixed width, branding and the custom CSS and HTML', async ({ page, startSite }) => {
    const site = await startSite({ site: APPEARANCE, label: 'appearance' });
    const shell = new AppShell(page);
    await page.setViewportSize({ width: 1800, height: 900 });
    await page.goto(`${site.url}/questions`);
    await expectRemoteRendered(page, 'mf_qa');

    // Dark scheme: <html>, the page background and the light navbar (the page's own dark surface).
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    await expect(shell.header).toHaveCSS('background-color', 'rgb(31, 31, 31)');
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.querySelector('.agora-theme')!).getPropertyValue('--agora-primary'),
      ),
    ).toBe('#aa3300');
    // Fixed width: the content stays at 1320 px on a wide window.
    expect((await shell.main.boundingBox())!.width).toBeLessThanOrEqual(1320);

    // Branding: the logo instead of the name, the favicon and the square icon.
    await expect(shell.header.getByRole('img', { name: 'Appearance Site' })).toHaveAttribute('src', LOGO);
    // The favicon is the server's /favicon.ico (which answers the setting), at a URL that follows it.
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /^\/favicon\.ico\?v=\w+$/);
    await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute('href', SQUARE);

    // Custom CSS (the server's /custom.css) and the custom HTML in their places.
    await expect(shell.footer).toHaveCSS('letter-spacing', '3px');
    const announcement = page.getByText('Site announcement', { exact: true });
    await expect(announcement).toBeVisible();
    expect(await announcement.evaluate((el) => !!el.closest('.custom-html') && !el.closest('header'))).toBe(true);
    await expect(shell.header, 'unbalanced custom HTML leaves the header intact').toBeVisible();
    await expect(page.getByText('Footer note of the admin', { exact: true })).toBeVisible();
    await expect(page.locator('.side-layout__nav').getByRole('heading', { name: 'Sponsored by us' })).toBeVisible();

    // The custom head, once, a second after start-up.
    await expect(page.locator('head meta[name="e2e-custom-head"]')).toHaveCount(1);
    await page.waitForTimeout(1500);
    await expect(page.locator('head meta[name="e2e-custom-head"]')).toHaveCount(1);

    // A phone: the mobile logo.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const logo = shell.header.getByRole('img', { name: 'Appearance Site' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(MOBILE_LOGO);
  });

  test("'system' follows the device's colour scheme as it changes", async ({ page, startSite }) => {
    const site = await startSite({ site: { theme: { color_scheme: 'system' } }, label: 'scheme' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${site.url}/questions`);
    await expectRemoteRendered(page, 'mf_qa');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light');
  });
});
