import { expect, type Locator } from '@playwright/test';
import { adminText, AdminArea, escapeRegExp } from './admin';

/** A settings text: `settings.<group>.<key>` of mf-admin's catalogs. */
export const settingsText = (key: string, vars: Record<string, string | number> = {}) =>
  adminText(`settings.${key}`, vars);

/**
 * One settings screen of the admin area (/admin/<screen>): its controls found by their labels (the
 * screens' own texts), and Save, which waits for the 'Saved.' toast.
 */
export class AdminSettingsPage extends AdminArea {
  async openSettings(screen: string): Promise<void> {
    await this.open(screen);
    await expect(this.saveButton).toBeEnabled();
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: settingsText('form.save'), exact: true });
  }

  /** A text field or text area by its label key (`login.allow_email_domains.label`...). */
  field(labelKey: string): Locator {
    return this.page.getByLabel(settingsText(labelKey), { exact: true });
  }

  /** Sets a switch (role switch) by its label key. */
  async setSwitch(labelKey: string, on: boolean): Promise<void> {
    const control = this.page.getByRole('switch', { name: settingsText(labelKey), exact: true });
    if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(on));
  }

  /**
   * Picks a radio option of a group, both by label key (`seo.permalink.label`, `seo.permalink.option_1`);
   * an option's name may go on with an example, so it is matched from its start.
   */
  async choose(groupKey: string, optionKey: string): Promise<void> {
    const option = this.page
      .getByRole('radiogroup', { name: settingsText(groupKey), exact: true })
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(settingsText(optionKey))}(\\s|$)`) });
    await option.check();
    await expect(option).toBeChecked();
  }

  /** Types a hex colour into a colour field by its label key (the text field beside the picker). */
  async setColor(labelKey: string, hex: string): Promise<void> {
    const field = this.field(labelKey);
    await field.fill(hex);
    await expect(field).toHaveValue(hex);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
    await expect(this.toast(settingsText('form.saved'))).toBeVisible();
  }
}
