import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT, SERVER_DIR } from '../fixtures/paths';
import { run } from '../fixtures/run';
import type { RunningServer } from '../fixtures/server';

type Messages = { [key: string]: string | Messages };

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages;
/** The people screens' own texts (mf-users/src/people/i18n), by language. */
const PEOPLE = {
  en_US: read(path.join(REPO_ROOT, 'mf-users/src/people/i18n/en_US.json')),
  zh_CN: read(path.join(REPO_ROOT, 'mf-users/src/people/i18n/zh_CN.json')),
};

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A people-screen text, `people.` prefix optional. */
export function peopleText(
  key: string,
  vars: Record<string, string | number> = {},
  language: keyof typeof PEOPLE = 'en_US',
): string {
  const text = lookup(PEOPLE[language], key.replace(/^people\./, ''));
  if (text === undefined) throw new Error(`mf-users people has no text ${key}`);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** A server reason's English text from the base catalog or an area catalog. */
export function serverText(reason: string, areas: readonly string[] = ['profile', 'accounts']): string {
  const catalogs = [
    read(path.join(SERVER_DIR, 'src/i18n/en_US.json')),
    ...areas.map((area) => read(path.join(SERVER_DIR, `src/i18n/${area}.en_US.json`))),
  ];
  for (const catalog of catalogs) {
    const text = lookup(catalog, reason);
    if (text !== undefined) return text;
  }
  throw new Error(`the server has no English text for ${reason}`);
}

export interface DemoAccount {
  label: string;
  email: string;
  rank: number;
  name: string;
}

/** What `agora demo` added: the shared password and the accounts it lists. */
export interface DemoSeed {
  password: string;
  accounts: DemoAccount[];
}

/**
 * Fills a running e2e site with the deterministic sample content (`agora demo`, server/src/cli/commands/demo.ts)
 * through its own config file and data directory.
 */
export async function seedDemo(server: RunningServer, questions = 24): Promise<DemoSeed> {
  const { stdout } = await run(
    process.execPath,
    ['bin/agora.mjs', 'demo', '--data-dir', server.dataDir, '--questions', String(questions)],
    { cwd: SERVER_DIR, env: { ...process.env, AGORA_CONFIG: server.configFile }, timeoutMs: 120_000 },
  );
  const password = /Every new account's password is: (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`agora demo printed no password:\n${stdout}`);
  const accounts: DemoAccount[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^ {2}(.+?)\s{2,}(\S+@\S+)\s+(-?\d+)\s{2}(.+)$/.exec(line);
    if (match)
      accounts.push({ label: match[1]!.trim(), email: match[2]!, rank: Number(match[3]), name: match[4]!.trim() });
  }
  return { password, accounts };
}

/** The people screens (users, profile, settings; legal pages; unsubscribe). */
export class PeoplePages {
  /** `baseUrl`: the site's origin when the test has no baseURL (a dedicated site). */
  constructor(
    readonly page: Page,
    readonly baseUrl = '',
  ) {}

  text(key: string, vars?: Record<string, string | number>): string {
    return peopleText(key, vars);
  }

  field(key: string): Locator {
    return this.page.getByLabel(peopleText(key), { exact: true });
  }

  button(key: string): Locator {
    return this.page.getByRole('button', { name: peopleText(key), exact: true });
  }

  heading(name: string, level = 1): Locator {
    return this.page.getByRole('heading', { level, name, exact: true });
  }

  region(key: string): Locator {
    return this.page.getByRole('region', { name: peopleText(key), exact: true });
  }

  /** The settings sub-page (URL names the tab). */
  async openSettings(tab: 'profile' | 'notify' | 'account' | 'interface' = 'profile'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/users/settings/${tab}`);
    await this.heading(peopleText(`settings.tab.${tab}`), 2).waitFor();
  }
}

/** A 1x1 PNG picture (valid image data). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
