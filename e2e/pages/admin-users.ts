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

  /** Adds one member through the 'Add user' dialog and waits until the list shows them. */
  async addUser(member: { name: string; email: string; password: string }): Promise<void> {
    await this.page.getByRole('button', { name: usersText('add.button'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: usersText('add.title') });
    await dialog.getByLabel(usersText('add.display_name'), { exact: true }).fill(member.name);
    await dialog.getByLabel(usersText('add.email'), { exact: true }).fill(member.email);
    await dialog.getByLabel(usersText('add.password'), { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: usersText('add.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await this.page.getByRole('searchbox').fill(member.email);
    await this.page.getByRole('searchbox').press('Enter');
    await expect(this.row(member.email)).toBeVisible();
  }

  /** Suspends a member from their row's actions for the given duration option (`status.duration.7d`...). */
  async suspend(email: string, durationKey: string): Promise<void> {
    await this.row(email)
      .getByRole('button', { name: usersText('actions.label') })
      .click();
    await this.page.getByRole('menuitem', { name: usersText('actions.suspend'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: usersText('suspend.title') });
    await dialog.getByLabel(usersText('suspend.duration'), { exact: true }).click();
    await this.page.getByRole('option', { name: usersText(durationKey), exact: true }).click();
    await dialog.getByRole('button', { name: usersText('suspend.confirm'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(email)).toContainText(usersText('status.suspended'));
  }
}
