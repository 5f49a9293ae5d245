import { ADMIN } from '../../fixtures/paths';
import { AccountPages, authText } from '../../pages/accounts';
import { expect, test } from './fixture';

// The account screens at 576 px: nothing wider than the window, every control labelled and reachable with
// the keyboard, forms submitted with Enter.
test.use({ viewport: { width: 576, height: 900 } });

test.describe('account screens at 576 px, by keyboard', () => {
  test('login and sign-up fit the width; Tab walks the form in order; Enter logs in', async ({
    page,
    accountsSite,
  }) => {
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    for (const path of ['/users/register', '/users/account-recovery', '/users/login']) {
      await page.goto(`${site.url}${path}`);
      await expect(pages.screen.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the window`).toBeLessThanOrEqual(0);
      const box = await pages.screen.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 576, `${path} fits in 576 px`).toBe(true);
    }

    // /users/login: e-mail → password (and its show toggle) → 'Forgot password?' → Log in, in that order.
    const email = pages.field('fields.e_mail.label');
    await email.focus();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await expect(pages.field('fields.pass.label')).toBeFocused();
    await page.keyboard.press('Tab');
    // The password's show/hide toggle (a labelled button).
    await expect(pages.screen.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(pages.screen.getByRole('link', { name: authText('login.forgot') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(pages.button('login.submit')).toBeFocused();
    await pages.field('fields.pass.label').focus();
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.url}/`);
  });
});
