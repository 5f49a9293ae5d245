import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };
/** The timeline screen's own English texts (mf-qa/src/timeline/i18n). */
const TIMELINE = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'mf-qa/src/timeline/i18n/en_US.json'), 'utf8'),
) as Messages;

export function timelineText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = TIMELINE;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa timeline has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A post's timeline (/posts/{qid}/timeline, mf-qa/src/timeline): a table of activities, newest first. */
export class TimelinePage {
  constructor(readonly page: Page) {}

  async open(questionId: string): Promise<void> {
    await this.page.goto(`/posts/${questionId}/timeline`);
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(timelineText('heading'));
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: timelineText('caption') });
  }

  /** The body rows whose type cell says `kind` (e.g. 'edited', 'asked', 'rollback'), newest first. */
  rows(kind: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: timelineText(`kind.${kind}`), exact: true }) });
  }

  /** Opens a row's changes (the diff against the revision before) and returns the region showing them. */
  async showChanges(row: Locator): Promise<Locator> {
    const toggle = row.getByRole('button', { name: timelineText('changes.show'), exact: true });
    await toggle.click();
    await expect(row.getByRole('button', { name: timelineText('changes.hide'), exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const region = this.page.getByRole('region', { name: timelineText('changes.label') });
    await expect(region.getByText(timelineText('changes.loading'))).toHaveCount(0);
    return region;
  }

  /** Rolls the post back to a row's revision, through the confirmation. */
  async rollBack(row: Locator): Promise<void> {
    await row.getByRole('button', { name: timelineText('rollback.label'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: timelineText('rollback.confirm_title') });
    await dialog.getByRole('button', { name: timelineText('rollback.ok'), exact: true }).click();
    await expect(this.page.getByText(timelineText('rollback.done'), { exact: true })).toBeVisible();
  }
}
