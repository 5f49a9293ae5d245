import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };

/** The wizard's own English texts (mf-install/src/i18n/en_US.json), looked up by key. */
const EN = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-install/src/i18n/en_US.json'), 'utf8')) as Messages;
const ZH = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-install/src/i18n/zh_CN.json'), 'utf8')) as Messages;

export function installText(key: string, vars: Record<string, string | number> = {}, messages = EN): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-install has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

export const installTextZh = (key: string, vars: Record<string, string | number> = {}) => installText(key, vars, ZH);

/** The /install wizard (mf-install): progress display, step heading, forms and their messages. */
export class InstallWizard {
  readonly progress: Locator;
  readonly currentStep: Locator;
  readonly stepHeading: Locator;

  constructor(readonly page: Page) {
    this.progress = page.getByRole('navigation', { name: installText('install.progress.label') });
    this.currentStep = this.progress.locator('li[aria-current="step"]');
    // The wizard's step heading (the one that takes the focus on each step).
    this.stepHeading = page.locator('#mf-install-step-heading');
  }

  /** 'Step n of 5', the current item of the step list, and the step's heading. */
  async expectStep(n: number, heading: string, stepName: string): Promise<void> {
    await expect(
      this.progress.getByText(installText('install.progress.step_of', { current: n, total: 5 }), { exact: true }),
    ).toBeVisible();
    await expect(this.currentStep).toHaveCount(1);
    await expect(this.currentStep).toContainText(installText(`install.steps.${stepName}`));
    await expect(this.stepHeading).toContainText(heading);
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  get next(): Locator {
    return this.button(installText('install.actions.next'));
  }

  field(labelKey: string): Locator {
    return this.page.getByLabel(installText(labelKey), { exact: true });
  }

  /** A field's validation message (antd renders it below the field). */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** The alert above the form (antd Alert, role=alert) whose text contains `title`. */
  alert(title: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: title });
  }

  /** Picks a language in the language step's select. */
  async chooseLanguage(currentLabel: string, label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: currentLabel }).click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: label }).click();
  }

  dbType(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
}

/** True when the page scrolls sideways (the layout does not hold at this width). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export { expect };
