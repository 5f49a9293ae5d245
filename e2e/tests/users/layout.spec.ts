import type { Locator, Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';
import { PeoplePages, peopleText } from '../../pages/users';
import { expect, test } from './fixture';

/** Presses Tab until `target` has the focus (a keyboard user's path to it). */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

// Breakpoints sm 576, md 768, lg 992: the people screens hold at each width; keyboard paths work.
test.describe('people screens: layout and keyboard', () => {
  test('users list, profile and settings hold at 576, 768 and 992 px', async ({ page, usersSite }) => {
    const site = await usersSite();
    const admin = await loginAsAdmin(page, site);
    const shell = new AppShell(page);
    const people = new PeoplePages(page, site.url);
    for (const width of [576, 768, 992]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.url}/users`);
      await expect(people.region('list.staff').getByRole('listitem').first()).toBeVisible();
      expect(await shell.hasHorizontalScroll(), `/users at ${width}px`).toBe(false);

      await page.goto(`${site.url}/users/${admin.username}`);
      await expect(page.getByRole('navigation', { name: peopleText('profile.tabs_label') })).toBeVisible();
      expect(await shell.hasHorizontalScroll(), `profile at ${width}px`).toBe(false);

      for (const tab of ['profile', 'account'] as const) {
        await people.openSettings(tab);
        await expect(page.getByRole('button').last()).toBeVisible();
        expect(await shell.hasHorizontalScroll(), `settings/${tab} at ${width}px`).toBe(false);
      }
    }
  });

  test('keyboard: reach a settings tab and a profile tab with Tab and Enter', async ({ page, usersSite }) => {
    const site = await usersSite();
    const admin = await loginAsAdmin(page, site);
    const people = new PeoplePages(page, site.url);
    await people.openSettings('profile');
    const account = page
      .getByRole('navigation', { name: peopleText('settings.nav_label') })
      .getByRole('link', { name: peopleText('settings.tab.account') });
    await tabTo(page, account);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.url}/users/settings/account`);
    await expect(account).toHaveAttribute('aria-current', 'page');

    await page.goto(`${site.url}/users/${admin.username}`);
    const answers = page
      .getByRole('navigation', { name: peopleText('profile.tabs_label') })
      .getByRole('link', { name: peopleText('profile.tab.answers'), exact: true });
    await tabTo(page, answers);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.url}/users/${admin.username}/answers`);
    await expect(page.getByRole('heading', { level: 2, name: /\d+ answers?$/ })).toBeVisible();
  });
});
