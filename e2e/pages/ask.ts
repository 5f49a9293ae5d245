import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Response } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };
/** The ask and edit screens' own English texts (mf-qa/src/ask/i18n). */
const ASK = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-qa/src/ask/i18n/en_US.json'), 'utf8')) as Messages;

export function askText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = ASK;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa ask has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The ask form (/questions/ask) and its edit mode (mf-qa/src/ask). */
export class AskPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: askText('ask_title') });
  }
  get title(): Locator {
    return this.page.getByLabel(askText('title.label'), { exact: true });
  }
  /** The markdown editor's textarea (CodeMirror types into it), named by the Body label. */
  get body(): Locator {
    return this.page.getByLabel(askText('body.label'), { exact: true });
  }
  get tags(): Locator {
    return this.page.getByRole('combobox', { name: askText('tags.label') });
  }
  get chosenTags(): Locator {
    return this.page.getByRole('list', { name: askText('tags.chosen') }).getByRole('listitem');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: askText('submit.ask'), exact: true });
  }

  /**
   * Types the title and waits for the similar-questions answer it asks for: the list that may follow
   * moves the fields below it, so later clicks wait for it instead of racing it.
   */
  async fillTitle(title: string): Promise<void> {
    const similar = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/answer/api/v1/question/similar', {
      timeout: 15_000,
    });
    await this.title.fill(title);
    await similar;
  }

  /**
   * Clicks the submit button and answers the POST question response. When none comes, fails with
   * what the page shows instead (field errors, alerts, dialogs) rather than a bare timeout.
   */
  async post(): Promise<Response> {
    const posted = this.page
      .waitForResponse(
        (r) => new URL(r.url()).pathname === '/answer/api/v1/question' && r.request().method() === 'POST',
        { timeout: 20_000 },
      )
      .catch(() => null);
    await this.submit.click();
    const response = await posted;
    if (response) return response;
    const shown = await this.page
      .locator('.ant-form-item-explain-error, [role="alert"], [role="dialog"]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `no POST question within 20 s of clicking "${askText('submit.ask')}" at ${this.page.url()}; ` +
        `the page shows: ${JSON.stringify(shown)}`,
    );
  }

  async writeBody(text: string): Promise<void> {
    await this.body.focus();
    await this.page.keyboard.type(text);
  }

  /** Types into the tag field and picks the suggestion whose name starts with `name`. */
  async addTag(search: string, name: string): Promise<void> {
    await this.tags.fill(search);
    await this.page
      .getByRole('listbox', { name: askText('tags.suggestions') })
      .getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .click();
  }
}
