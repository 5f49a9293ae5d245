import { expect, type Locator } from '@playwright/test';
import { adminText, AdminArea } from './admin';

/** A text of the admin users screens (`users.` keys of mf-admin's catalogs). */
export const usersText = (key: string, vars: Record<string, string | number> = {}) => adminText(`users.${key}`, vars);

/** /admin/users: the members list, adding a member, and a member's status. */
export class AdminUsersPage extends AdminArea {
  async openUsers(): Promise<void> {
    await this.open('users');
    await expect(this.list).toBeVisible();
  }

  get list(): Locator {
    return this.page.getByRole('table');
  }

  /** The list's row of a member, found by e-mail (each row shows it). */
  row(email: string): Locator {
    return this.list.getByRole('row').filter({ hasText: email });
  }

  /** Adds one member through the 'Add user' dialog, then finds them with the list's search. */
  async addUser(member: { name: string; email: string; password: string }): Promise<void> {
    await this.page.getByRole('button', { name: usersText('add'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: usersText('add_dialog.title') });
    await dialog.getByLabel(usersText('field.display_name'), { exact: true }).fill(member.name);
    await dialog.getByLabel(usersText('field.email'), { exact: true }).fill(member.email);
    await dialog.getByLabel(usersText('field.password'), { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: usersText('add_dialog.submit'), exact: true }).click();
    await expect(this.toast(usersText('add_dialog.done', { name: member.name }))).toBeVisible();
    await expect(dialog).toBeHidden();
    await this.search(member.email);
    await expect(this.row(member.email)).toBeVisible();
  }

  async search(text: string): Promise<void> {
    const box = this.page.getByRole('searchbox', { name: usersText('search_label') });
    await box.fill(text);
    await box.press('Enter');
  }

  /** Suspends a member from their row's actions (Change status) for a duration (`7d`, `forever`...). */
  async suspend(member: { name: string; email: string }, duration: string): Promise<void> {
    await this.row(member.email)
      .getByRole('button', { name: usersText('actions_for', { name: member.name }) })
      .click();
    await this.page.getByRole('menuitem', { name: usersText('action.status'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: usersText('status_dialog.title', { name: member.name }) });
    await dialog.getByRole('radio', { name: usersText('status.suspended') }).check();
    const durationBox = dialog.getByLabel(usersText('status_dialog.duration'), { exact: true });
    const openList = this.page.locator('.ant-select-dropdown:visible');
    // antd's list of options (its accessible copy carries the values, not the labels). A click that lands
    // while the list is still sliding open can miss, leaving it open over the dialog: pick until it took.
    await expect(async () => {
      if ((await openList.count()) === 0) await durationBox.click();
      await openList
        .locator('.ant-select-item-option')
        .filter({ hasText: usersText(`duration.${duration}`) })
        .first()
        .click({ timeout: 2_000 });
      await expect(openList).toHaveCount(0, { timeout: 2_000 });
      await expect(dialog.getByTitle(usersText(`duration.${duration}`), { exact: true })).toBeVisible();
    }).toPass({ timeout: 15_000 });
    await dialog.getByRole('button', { name: usersText('status_dialog.submit'), exact: true }).click();
    await expect(this.toast(usersText('status_dialog.done.suspended', { name: member.name }))).toBeVisible();
    await expect(this.row(member.email)).toContainText(usersText('status.suspended'));
  }
}
