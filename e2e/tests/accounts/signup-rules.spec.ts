import { AccountPages, authText, CAPTCHA_TEXT, newAccount, serverText } from '../../pages/accounts';
import { expect, registerViaApi, test } from './fixture';

// Sign-up rules as the server enforces them, shown on the fields they concern.
test.describe('sign-up rules', () => {
  test('an e-mail domain the site does not allow (login.allow_email_domains)', async ({
    page,
    accountsSite,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/register\/email$/);
    const site = await accountsSite({ site: { login: { allow_email_domains: ['allowed.example'] } } });
    const pages = new AccountPages(page, site);
    await pages.signUp(newAccount('domain'));
    await expect(pages.message(serverText('error.email.illegal_email_domain_error'))).toBeVisible();
    await expect(pages.field('fields.e_mail.label')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(authText('fields.e_mail.domains', { domains: 'allowed.example' }))).toBeVisible();
    await expect(page).toHaveURL(`${site.url}/users/register`);
  });

  test('the same name in another letter case is taken', async ({ page, accountsSite, guard }) => {
    guard.allow(/\/answer\/api\/v1\/user\/register\/email$/);
    const site = await accountsSite();
    const first = newAccount('casey');
    await registerViaApi(site, first);
    const pages = new AccountPages(page, site);
    await pages.signUp({ ...newAccount('other'), name: first.name.toUpperCase() });
    await expect(pages.message(serverText('error.username.duplicate'))).toBeVisible();
    await expect(pages.field('fields.name.label')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong captcha: its message on the captcha field and a new image; the right one signs up', async ({
    page,
    accountsSite,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/register\/email$/);
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    const account = newAccount('captcha');
    await pages.signUp(account, 'WRONG1');
    await expect(pages.message(serverText('error.object.captcha_verification_failed'))).toBeVisible();
    await expect(pages.captchaField).toHaveAttribute('aria-invalid', 'true');
    await expect(pages.captchaField).toHaveValue('');
    await pages.fillCaptcha(CAPTCHA_TEXT);
    await pages.button('register.submit').click();
    await pages.expectInactive(account.email);
  });

  test('client-side rules before anything is sent (the rule wording)', async ({ page, accountsSite, requests }) => {
    const site = await accountsSite();
    const pages = new AccountPages(page, site);
    await pages.signUp({ name: 'bad!name', email: 'not-an-address', password: 'short', confirm: 'shorter' }, null);
    await expect(pages.message(authText('fields.name.characters'))).toBeVisible();
    await expect(pages.message(authText('fields.e_mail.invalid'))).toBeVisible();
    await expect(pages.message(authText('fields.pass.length', { min: 8, max: 32 }))).toBeVisible();
    await expect(pages.message(authText('fields.pass_confirm.mismatch'))).toBeVisible();
    await expect(pages.message(authText('captcha.empty'))).toBeVisible();
    expect(requests.matching(/\/user\/register\/email$/)).toHaveLength(0);
  });
});
