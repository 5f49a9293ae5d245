import { ADMIN } from '../../fixtures/paths';
import { AccountPages, authText, newAccount, suspendAccount } from '../../pages/accounts';
import { expect, registerViaApi, test } from './fixture';

// The suspended page. There is no admin API to suspend users yet: the test changes the account through
// the server's own database layer (pages/accounts.ts suspendAccount).
test.describe('suspended accounts', () => {
  test('a logged-in account suspended until a date sees the suspended page with the time and a contact link', async ({
    page,
    accountsSite,
  }) => {
    const site = await accountsSite();
    const account = newAccount('susp');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await pages.logIn(account.email, account.password);
    await pages.expectInactive(account.email);

    await suspendAccount(site, account.email, { untilMs: Date.UTC(2030, 2, 4, 5, 6) });
    await page.goto(`${site.url}/questions`);
    await expect(page).toHaveURL(`${site.url}/users/account-suspended`);
    // The site's time zone (UTC on a fresh install).
    await expect(page.getByText(authText('suspended.until', { time: 'Mar 4, 2030 at 05:06' }))).toBeVisible();
    await expect(page.getByRole('link', { name: ADMIN.email })).toHaveAttribute('href', `mailto:${ADMIN.email}`);
  });

  test('suspended forever', async ({ page, accountsSite }) => {
    const site = await accountsSite();
    const account = newAccount('forever');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await pages.logIn(account.email, account.password);
    await pages.expectInactive(account.email);
    await suspendAccount(site, account.email, { untilMs: null });
    await page.goto(`${site.url}/questions`);
    await expect(page.getByText(authText('suspended.forever'))).toBeVisible();
  });

  test('a suspension by the service ends the sessions; logging in again is refused, saying until when', async ({
    page,
    accountsSite,
    guard,
  }) => {
    guard.allow(/status of 40[13] /);
    const site = await accountsSite();
    const account = newAccount('ended');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await pages.logIn(account.email, account.password);
    await pages.expectInactive(account.email);
    await suspendAccount(site, account.email, { untilMs: Date.UTC(2030, 0, 1), service: true });
    await page.goto(`${site.url}/questions`);
    await pages.logIn(account.email, account.password);
    // The suspension wording, with the end of the suspension in the reader's time zone (UTC here).
    const alert = page.getByRole('alert').filter({
      hasText: authText('suspended.until', { time: 'Jan 1, 2030 at 00:00' }),
    });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: ADMIN.email })).toHaveAttribute('href', `mailto:${ADMIN.email}`);
    await expect(page).toHaveURL(`${site.url}/users/login`);
  });
});
