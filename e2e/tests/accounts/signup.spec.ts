import { AppShell } from '../../pages/app-shell';
import { AccountPages, authText, newAccount } from '../../pages/accounts';
import { expect, linkIn, nextMail, test } from './fixture';

const ACTIVATION_SUBJECT = 'Confirm your e-mail address';

// Account: sign-up, the inactive-account state, activation by the e-mailed link, resend
// and e-mail change before activation. Mails are read from a real SMTP server the test starts.
test.describe('sign-up and activation', () => {
  test('sign up → inactive state → the activation mail’s link → activated and logged in', async ({
    page,
    accountsSite,
    mail,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/email\/verification$/);
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    const account = newAccount('ada');
    await pages.signUp(account);
    await pages.expectInactive(account.email);

    const activation = await nextMail(mail, account.email, ACTIVATION_SUBJECT);
    const link = linkIn(activation, '/users/account-activation');
    expect(link.startsWith(`${site.url}/users/account-activation?code=`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(`${site.url}/users/account-activation/success`);
    await expect(pages.heading(authText('activation.success_title'))).toBeVisible();
    await expect(page.getByText(authText('activation.success'))).toBeVisible();
    await page.getByRole('button', { name: authText('activation.continue') }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    const shell = new AppShell(page);
    await expect(shell.loginLink).toHaveCount(0);

    // The link is single use: a second visit (logged out) is refused.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link);
    await expect(page).toHaveURL(`${site.url}/users/account-activation/failed`);
    await expect(page.getByText(authText('activation.failed'))).toBeVisible();
  });

  test('resend activation (captcha dialog): the new link works, the older one is superseded', async ({
    page,
    accountsSite,
    mail,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/email\/verification$/);
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    const account = newAccount('resend');
    await pages.signUp(account);
    await pages.expectInactive(account.email);
    const first = await nextMail(mail, account.email, ACTIVATION_SUBJECT);

    await pages.button('inactive.resend').click();
    const dialog = page.getByRole('dialog', { name: authText('captcha.dialog_title') });
    await expect(dialog.getByRole('img', { name: authText('captcha.image_alt') })).toBeVisible();
    await dialog.getByLabel(authText('captcha.label'), { exact: true }).fill('E2E42');
    await dialog.getByRole('button', { name: authText('captcha.verify') }).click();
    await expect(page.getByText(authText('inactive.resent'))).toBeVisible();
    await expect(dialog).toBeHidden();
    const second = await nextMail(mail, account.email, ACTIVATION_SUBJECT, [first]);

    const oldLink = linkIn(first, '/users/account-activation');
    const newLink = linkIn(second, '/users/account-activation');
    expect(newLink).not.toBe(oldLink);
    await page.goto(oldLink);
    await expect(page).toHaveURL(`${site.url}/users/account-activation/failed`);
    await expect(page.getByText(authText('activation.failed'))).toBeVisible();
    await page.goto(newLink);
    await expect(page).toHaveURL(`${site.url}/users/account-activation/success`);
  });

  test('change the e-mail before activation: the confirmation goes to the new address and activates', async ({
    page,
    accountsSite,
    mail,
  }) => {
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    const account = newAccount('typo');
    const fixed = newAccount('fixed').email;
    await pages.signUp(account);
    await pages.expectInactive(account.email);
    await page.getByRole('link', { name: authText('inactive.change_email') }).click();
    await expect(page).toHaveURL(`${site.url}/users/change-email`);
    await expect(page.getByText(authText('change_email.current', { email: account.email }))).toBeVisible();
    await pages.field('fields.new_e_mail.label').fill(fixed);
    await pages.button('change_email.submit').click();
    await expect(page.getByText(authText('change_email.sent', { email: fixed }))).toBeVisible();

    const confirmation = await nextMail(mail, fixed, 'Confirm your new e-mail address');
    await page.goto(linkIn(confirmation, '/users/confirm-new-email'));
    await expect(page.getByText(authText('confirm_email.done', { email: fixed }))).toBeVisible();
    // Confirming the new address also activated the account: the activated-only success page is open to it.
    await page.goto(`${site.url}/users/account-activation/success`);
    await expect(pages.heading(authText('activation.success_title'))).toBeVisible();
  });
});
