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

test('a toast shows below the header: it never covers the search box', async ({ page, admin }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page, admin.site);
  const users = new AdminUsersPage(page);
  const shell = new AppShell(page);
  await users.openUsers();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const member = newAccount(`toast${width}`);
    await users.addUser(member);
    const toast = page
      .locator('.ant-message-notice')
      .filter({ hasText: usersText('add_dialog.done', { name: member.name }) });
    const toastBox = await boxOf(toast);
    const header = await boxOf(shell.header);
    expect(toastBox.y, `${width}px: the toast starts below the header`).toBeGreaterThanOrEqual(
      header.y + header.height,
    );
    if (await shell.searchBox.isVisible()) {
      expect(overlap(toastBox, await boxOf(shell.searchBox)), `${width}px: the toast covers the search box`).toBe(
        false,
      );
    }
  }
});
