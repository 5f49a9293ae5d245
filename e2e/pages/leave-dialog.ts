import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

/** The leave guard's English texts (shared-ui/src/i18n, `leave`). */
export const LEAVE = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-ui/src/i18n/en_US.json'), 'utf8')) as {
    leave: { title: string; content: string; leave: string; stay: string };
  }
).leave;

/** The 'Are you sure you want to leave the page?' dialog of @agora/shared-ui's leave guard. */
export class LeaveDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: LEAVE.title });
  }
  async stay(): Promise<void> {
    await this.dialog.getByRole('button', { name: LEAVE.stay }).click();
  }
  async leave(): Promise<void> {
    await this.dialog.getByRole('button', { name: LEAVE.leave }).click();
  }
}
