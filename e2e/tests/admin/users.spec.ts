import { loginAsAdmin } from '../../fixtures/login';
import { AccountPages, authText, newAccount } from '../../pages/accounts';
import { AdminUsersPage } from '../../pages/admin-users';
import { expect, test } from './fixture';

interface UserRow {
  e_mail: string;
  status: string;
  suspended_until: number;
}

/** How the account screens write a time (UTC, the site's zone): 'Mar 4, 2030 at 05:06'. */
function shownTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()} at ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

test.describe('members in the admin area', () => {
  test('the administrator adds a member, who then logs in; suspending them ends their session', async ({
    page,
    admin,
    browser,
    guard,
  }) => {
    test.setTimeout(90_000); // two browsers on a shared 2-core machine
    // The member's page after the suspension: its calls are refused until it is logged out.
    guard.allow(/status of 40[13] /);
    const member = newAccount('added');

    await loginAsAdmin(page, admin.site);
    const users = new AdminUsersPage(page);
    await users.openUsers();
    await users.addUser(member);

    // The new member logs in through the login screen (activated at once: no mail to confirm).
    const context = await browser.newContext({ baseURL: admin.site.url });
    const memberPage = await context.newPage();
    guard.watch(memberPage);
    const account = new AccountPages(memberPage, admin.site);
    await account.logIn(member.email, member.password);
    await expect(memberPage.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(memberPage).not.toHaveURL(/\/users\/login/);

    // Suspended for a week: the member's session ends at once.
    await users.suspend(member, '7d');
    const rows = await admin.api.admin<{ list: UserRow[] }>(
      'GET',
      `users/page?page=1&page_size=10&query=${encodeURIComponent(member.email)}`,
    );
    const row = rows.list.find((r) => r.e_mail === member.email)!;
    expect(row.status).toBe('suspended');
    expect(row.suspended_until * 1000).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // The member's open page learns of it (the notification poll): the suspended page, with the end.
    await expect(memberPage).toHaveURL(new RegExp(`/users/account-suspended\\?until=${row.suspended_until}$`));
    await expect(
      memberPage.getByText(authText('suspended.until', { time: shownTime(row.suspended_until) })),
    ).toBeVisible();
    await expect(memberPage.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    // The session has ended: its cookie is gone, and the site now answers the browser as a visitor's.
    const info = await memberPage.request.get('/answer/api/v1/user/info');
    expect((await info.json()) as { data: unknown }, 'the session cookie no longer logs in').toMatchObject({
      data: null,
    });

    // Logging in again is refused with the suspension's end, in the site's time zone.
    await account.logIn(member.email, member.password);
    await expect(
      memberPage
        .getByRole('alert')
        .filter({ hasText: authText('suspended.until', { time: shownTime(row.suspended_until) }) }),
    ).toBeVisible();
    await context.close();
  });
});
