import type { Locator, Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { newAccount } from '../../pages/accounts';
import { AdminUsersPage, usersText } from '../../pages/admin-users';
import { expect, test } from './fixture';

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a keyboard-only administrator suspends a member from the row Actions menu', async ({ page, admin }) => {
  test.setTimeout(90_000);
  const member = newAccount('keys');
  await admin.api.admin('POST', 'user', { display_name: member.name, email: member.email, password: member.password });
  await loginAsAdmin(page, admin.site);
  const users = new AdminUsersPage(page);
  await users.openUsers();
  await users.search(member.email);
  await expect(users.row(member.email)).toBeVisible();

  const actions = users
    .row(member.email)
    .getByRole('button', { name: usersText('actions_for', { name: member.name }) });
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  const status = page.getByRole('menuitem', { name: usersText('action.status'), exact: true });
  const role = page.getByRole('menuitem', { name: usersText('action.role'), exact: true });
  await expect(status).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(role).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(status).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: usersText('status_dialog.title', { name: member.name }) });
  await expect(dialog).toBeVisible();
  const suspended = dialog.getByRole('radio', { name: usersText('status.suspended') });
  await tabTo(page, dialog.getByRole('radio').first(), 10);
  await page.keyboard.press('ArrowDown');
  await expect(suspended).toBeChecked();
  const duration = dialog.getByRole('combobox', { name: usersText('status_dialog.duration') });
  await tabTo(page, duration, 10);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await tabTo(page, dialog.getByRole('button', { name: usersText('status_dialog.submit'), exact: true }), 10);
  await page.keyboard.press('Enter');

  await expect(users.toast(usersText('status_dialog.done.suspended', { name: member.name }))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(users.row(member.email)).toContainText(usersText('status.suspended'));
  // The focus is back on the row's menu button, not on the page.
  await expect(actions).toBeFocused();
});
