import type { Locator } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { newAccount } from '../../pages/accounts';
import { AdminUsersPage, usersText } from '../../pages/admin-users';
import { AppShell } from '../../pages/app-shell';
import { expect, test } from './fixture';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('toasts cover neither the header search box nor an open dialog’s title', async ({ page, admin, guard }) => {
  test.setTimeout(90_000);
  // The refusal the test makes the server answer, which the shell tells of in a toast.
  guard.allow(/status of 400 /);
  const member = newAccount('toast');
  await loginAsAdmin(page, admin.site);
  const users = new AdminUsersPage(page);
  const search = new AppShell(page).searchBox;
  await users.openUsers();

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 1280) {
      // A success toast, the dialog gone.
      await users.addUser(member);
      const toast = page
        .locator('.ant-message-notice')
        .filter({ hasText: usersText('add_dialog.done', { name: member.name }) });
      expect(overlap(await boxOf(toast), await boxOf(search)), 'the toast covers the search box').toBe(false);
    }
    // An error toast while a dialog stays open.
    await page.route('**/answer/admin/api/user/status', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 400, reason: 'error.e2e.refused', msg: 'Refused for the test.', data: null }),
      }),
    );
    await users
      .row(member.email)
      .getByRole('button', { name: usersText('actions_for', { name: member.name }) })
      .click();
    await page.getByRole('menuitem', { name: usersText('action.status'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: usersText('status_dialog.title', { name: member.name }) });
    await dialog.getByRole('radio', { name: usersText('status.inactive') }).check();
    await dialog.getByRole('button', { name: usersText('status_dialog.submit'), exact: true }).click();
    const errorToast = page.locator('.ant-message-notice').last();
    const title = dialog.locator('.ant-modal-title');
    expect(overlap(await boxOf(errorToast), await boxOf(title)), `${width}px: the toast covers the dialog title`).toBe(
      false,
    );
    if (await search.isVisible()) {
      expect(overlap(await boxOf(errorToast), await boxOf(search)), `${width}px: the toast covers the search`).toBe(
        false,
      );
    }
    await page.unroute('**/answer/admin/api/user/status');
    await dialog.getByRole('button', { name: usersText('cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
});
