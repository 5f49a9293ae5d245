import { expectRemoteRendered } from '../../fixtures/navigation';
import { AccountPages, authText, newAccount } from '../../pages/accounts';
import { PeoplePages, peopleText } from '../../pages/users';
import { expect, linkIn, nextMail, test } from './fixture';

const PRIVATE = { site: { login: { login_required: true } } };
const API = '/answer/api/v1';

// Private site: guard order, login_required and the paths it leaves open, the `pub` API level:
// a private site shows visitors only the account pages and the legal pages until they have an activated
// account.
test.describe('a private site (login required)', () => {
  test('a visitor opening the community pages lands on the login page', async ({ page, accountsSite }) => {
    const site = await accountsSite(PRIVATE);
    const pages = new AccountPages(page, site);
    for (const path of ['/', '/questions', '/users', '/tags']) {
      await page.goto(`${site.url}${path}`);
      await expect(page, `${path} goes to login`).toHaveURL(`${site.url}/users/login`);
      await expect(pages.heading(authText('login.title', { site: 'Agora' }))).toBeVisible();
    }
    // The data behind those pages is refused to the visitor too (not just hidden by the app).
    const questions = await page.request.get(`${site.url}${API}/question/page?page=1&page_size=10`);
    expect(questions.status()).toBe(401);
  });

  test('the account and legal pages stay open to visitors', async ({ page, accountsSite, guard }) => {
    guard.allow(/\/answer\/api\/v1\/user\/email\/verification$/);
    const site = await accountsSite(PRIVATE);
    const pages = new AccountPages(page, site);
    const stays = async (path: string, heading: string) => {
      await page.goto(`${site.url}${path}`);
      await expect(pages.heading(heading), path).toBeVisible();
      await expect(page, `${path} stays`).toHaveURL(`${site.url}${path}`);
    };
    await stays('/users/register', authText('register.title', { site: 'Agora' }));
    await stays('/users/account-recovery', authText('recovery.title'));
    await stays('/users/password-reset', authText('reset.title'));
    await stays('/users/account-activation/failed', authText('activation.failed_title'));
    await stays('/tos', peopleText('legal.tos_title'));
    await stays('/privacy', peopleText('legal.privacy_title'));
    // An activation link with a bad code is answered (refused) rather than sent to the login page.
    await page.goto(`${site.url}/users/account-activation?code=not-a-real-code`);
    await expect(page).toHaveURL(`${site.url}/users/account-activation/failed`);
    await expect(page.getByText(authText('activation.failed'))).toBeVisible();
  });

  test('a visitor signs up, is shown the inactive state, activates by mail and then gets in', async ({
    page,
    accountsSite,
    mail,
    guard,
  }) => {
    // While inactive, the app's own calls to the community's data are refused (403 inactive).
    guard.allow(/status of 403/);
    const site = await accountsSite(PRIVATE);
    const pages = new AccountPages(page, site);
    const people = new PeoplePages(page, site.url);
    const account = newAccount('private');

    await page.goto(`${site.url}/questions`);
    await expect(page).toHaveURL(`${site.url}/users/login`);
    await pages.signUp(account);
    await pages.expectInactive(account.email);

    // Not activated yet: the community is still closed (the account's data answers 403 inactive).
    const inactive = await page.request.get(`${site.url}${API}/question/page?page=1&page_size=10`);
    expect(inactive.status()).toBe(403);
    expect(await inactive.json()).toMatchObject({ data: { type: 'inactive' } });
    // Opening the users list sends the account back to its inactive state instead.
    await page.goto(`${site.url}/users`);
    await pages.expectInactive(account.email);
    await expect(people.heading(peopleText('list.title'))).toHaveCount(0);

    const activation = await nextMail(mail, account.email, 'Confirm your e-mail address');
    await page.goto(linkIn(activation, '/users/account-activation'));
    await expect(page).toHaveURL(`${site.url}/users/account-activation/success`);
    await expect(pages.heading(authText('activation.success_title'))).toBeVisible();

    await page.goto(`${site.url}/questions`);
    await expectRemoteRendered(page, 'mf_qa');
    await expect(page).toHaveURL(`${site.url}/questions`);
    const questions = await page.request.get(`${site.url}${API}/question/page?page=1&page_size=10`);
    expect(questions.status()).toBe(200);

    await page.goto(`${site.url}/users`);
    await expect(people.heading(peopleText('list.title'))).toBeVisible();
    await expect(page).toHaveURL(`${site.url}/users`);
    await expect(people.region('list.staff').getByRole('listitem').first()).toBeVisible();
  });
});
