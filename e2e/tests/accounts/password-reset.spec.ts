import { AccountPages, authText, CAPTCHA_TEXT, newAccount } from '../../pages/accounts';
import { expect, linkIn, nextMail, registerViaApi, test, type SinkMail } from './fixture';
import type { Page } from '@playwright/test';

const RESET_SUBJECT = 'Reset your password';
// The invalid-link wording, exactly.
const INVALID = 'Sorry, this password reset link is no longer valid. Perhaps your password is already reset?';

async function requestReset(pages: AccountPages, email: string) {
  await pages.page.goto(`${pages.site.url}/users/account-recovery`);
  await pages.field('fields.e_mail.label').fill(email);
  await pages.fillCaptcha(CAPTCHA_TEXT);
  await pages.button('recovery.submit').click();
  await expect(pages.page.getByText(authText('recovery.sent', { email }))).toBeVisible();
}

async function setNewPassword(page: Page, pages: AccountPages, link: string, password: string) {
  await page.goto(link);
  await pages.field('fields.new_pass.label').fill(password);
  await pages.field('fields.pass_confirm.label').fill(password);
  await pages.button('reset.submit').click();
}

// Password reset links: single use, superseded by a newer one. (Expiry after 30 minutes is covered by the
// server's tests, which move the clock: server/test/accounts.)
test.describe('password reset', () => {
  test('recovery mail → new password → log in with it; the link cannot be used twice', async ({
    page,
    accountsSite,
    mail,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/password\/replacement$/);
    const site = await accountsSite();
    const account = newAccount('reset');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await requestReset(pages, account.email);
    const link = linkIn(await nextMail(mail, account.email, RESET_SUBJECT), '/users/password-reset');

    const newPassword = 'a brand new passphrase';
    await setNewPassword(page, pages, link, newPassword);
    await expect(pages.heading(authText('reset.done_title'))).toBeVisible();
    await pages.screen.getByRole('link', { name: authText('reset.log_in') }).click();
    await expect(page).toHaveURL(`${site.url}/users/login`);
    await pages.logIn(account.email, newPassword);
    await pages.expectInactive(account.email);

    await setNewPassword(page, pages, link, 'yet another passphrase');
    await expect(pages.message(INVALID)).toBeVisible();
    await expect(page.getByRole('link', { name: authText('reset.request_new') })).toHaveAttribute(
      'href',
      '/users/account-recovery',
    );
  });

  test('a newer reset mail supersedes the older link; an unknown address gets the same confirmation', async ({
    page,
    accountsSite,
    mail,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/password\/replacement$/);
    const site = await accountsSite();
    const account = newAccount('twice');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await requestReset(pages, account.email);
    const first: SinkMail = await nextMail(mail, account.email, RESET_SUBJECT);
    await requestReset(pages, account.email);
    const second = await nextMail(mail, account.email, RESET_SUBJECT, [first]);

    await setNewPassword(page, pages, linkIn(first, '/users/password-reset'), 'older link passphrase');
    await expect(pages.message(INVALID)).toBeVisible();
    await setNewPassword(page, pages, linkIn(second, '/users/password-reset'), 'newer link passphrase');
    await expect(pages.heading(authText('reset.done_title'))).toBeVisible();

    // No account, same words (nothing tells whether an address is registered).
    await requestReset(pages, 'nobody.here@e2e.example.com');
  });
});
