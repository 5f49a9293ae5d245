import { ADMIN } from '../../fixtures/paths';
import { AppShell } from '../../pages/app-shell';
import { AccountPages, authText, CAPTCHA_TEXT, newAccount, serverText } from '../../pages/accounts';
import { expect, registerViaApi, test } from './fixture';

// /users/login: rules, errors, and the 'password' captcha after 3 failed logins.
test.describe('login', () => {
  test('an activated account logs in and lands home, with sign-up and recovery links on the form', async ({
    page,
    accountsSite,
  }) => {
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    await page.goto(`${site.url}/users/login`);
    await expect(page.getByRole('link', { name: authText('login.forgot') })).toHaveAttribute(
      'href',
      '/users/account-recovery',
    );
    await expect(page.getByRole('link', { name: authText('login.sign_up'), exact: true }).last()).toHaveAttribute(
      'href',
      '/users/register',
    );
    await pages.logIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(new AppShell(page).loginLink).toHaveCount(0);
  });

  test('a wrong password: the server’s message on the e-mail field; after 3 failures the captcha is asked', async ({
    page,
    accountsSite,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/login\/email$/);
    const site = await accountsSite();
    const account = newAccount('login');
    await registerViaApi(site, account);
    const pages = new AccountPages(page, site);
    await page.goto(`${site.url}/users/login`);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await pages.logIn(account.email, 'wrong-password-1');
      await expect(pages.message(serverText('error.object.email_or_password_incorrect'))).toBeVisible();
      await expect(pages.field('fields.e_mail.label')).toHaveAttribute('aria-invalid', 'true');
      if (attempt < 3) await expect(pages.captchaImage).toHaveCount(0);
    }
    // Three failures within 30 minutes: the next attempt needs the captcha.
    await expect(pages.captchaImage).toBeVisible();
    await pages.logIn(account.email, account.password, CAPTCHA_TEXT);
    // Not activated yet: the inactive-account state.
    await pages.expectInactive(account.email);
  });
});
