import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, REPO_ROOT } from '../fixtures/paths';
import type { RunningServer } from '../fixtures/server';
import { ApiAs } from './question';

type Messages = { [key: string]: string | Messages };

const I18N_DIR = path.join(REPO_ROOT, 'mf-admin/src/i18n');

/** Every English catalog of mf-admin (en_US.json and its areas' `<area>.en_US.json`), read per lookup. */
function catalogs(): Messages[] {
  return readdirSync(I18N_DIR)
    .filter((file) => file === 'en_US.json' || file.endsWith('.en_US.json'))
    .map((file) => JSON.parse(readFileSync(path.join(I18N_DIR, file), 'utf8')) as Messages);
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An admin-screen text (mf-admin's English catalogs), with its {{vars}} filled. */
export function adminText(key: string, vars: Record<string, string | number> = {}): string {
  for (const catalog of catalogs()) {
    const text = lookup(catalog, key);
    if (text !== undefined) return text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
  }
  throw new Error(`mf-admin has no English text ${key}`);
}

/** The administrator as an API client: the admin API (/answer/admin/api) and the public one. */
export class AdminApi {
  private constructor(readonly as: ApiAs) {}

  static async login(site: RunningServer): Promise<AdminApi> {
    return new AdminApi(await ApiAs.login(site, ADMIN.email, ADMIN.password));
  }

  get site(): RunningServer {
    return this.as.site;
  }

  /** A call to the public API (/answer/api/v1) as the administrator. */
  call<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    return this.as.call<T>(method, apiPath, body);
  }

  /** A call to the admin API; fails the test on any answer but 200. */
  async admin<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.site.url}/answer/admin/api/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: this.as.token, 'X-Agora-Request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} admin ${apiPath}: ${text.slice(0, 300)}`).toBe(200);
    return (JSON.parse(text) as { data: T }).data;
  }
}

/** The admin area's frame: its menu and the page heading. */
export class AdminArea {
  constructor(readonly page: Page) {}

  async open(screen = ''): Promise<void> {
    await this.page.goto(`/admin${screen ? `/${screen}` : ''}`);
    await expect(this.menu).toBeVisible();
  }

  get menu(): Locator {
    return this.page.getByRole('navigation', { name: adminText('menu.label') });
  }

  /** A toast (shared-ui's toast outlet) with exactly this text. */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
