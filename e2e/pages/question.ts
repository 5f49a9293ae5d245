import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';
import type { RunningServer } from '../fixtures/server';

type Messages = { [key: string]: string | Messages };
/** The question detail screen's own English texts (mf-qa/src/detail/i18n). */
const DETAIL = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-qa/src/detail/i18n/en_US.json'), 'utf8')) as Messages;

export function detailText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = DETAIL;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa detail has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The server's API as one account: log in once, then JSON calls with its token. */
export class ApiAs {
  private constructor(
    readonly site: RunningServer,
    readonly token: string,
  ) {}

  static async login(site: RunningServer, email: string, password: string): Promise<ApiAs> {
    const response = await fetch(`${site.url}/answer/api/v1/user/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Agora-Request': '1' },
      body: JSON.stringify({ e_mail: email, pass: password }),
    });
    const body = (await response.json()) as { data?: { access_token?: string } };
    expect(response.status, `login of ${email}`).toBe(200);
    return new ApiAs(site, body.data!.access_token!);
  }

  async call<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.site.url}/answer/api/v1/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: this.token, 'X-Agora-Request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} ${apiPath}: ${text.slice(0, 300)}`).toBe(200);
    return (JSON.parse(text) as { data: T }).data;
  }
}

/** The question detail screen (mf-qa/src/detail). */
export class QuestionPage {
  constructor(readonly page: Page) {}

  get answers(): Locator {
    return this.page.getByRole('list', { name: detailText('answers.list') });
  }

  /** The answers, in page order (the list's own items). */
  get answerItems(): Locator {
    return this.answers.locator('> [role="listitem"]');
  }

  answer(id: string): Locator {
    return this.page.locator(`#answer-${id}`);
  }

  get form(): Locator {
    return this.page.getByRole('region', { name: detailText('form.heading') });
  }

  /** Types into the answer editor once it has loaded (a status box stands in until then). */
  async writeAnswer(text: string): Promise<void> {
    const editor = this.form.locator('.CodeMirror');
    await editor.click();
    await this.page.keyboard.type(text);
  }

  async postAnswer(): Promise<void> {
    await this.form.getByRole('button', { name: detailText('form.submit') }).click();
  }
}
