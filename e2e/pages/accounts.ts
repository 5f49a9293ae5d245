import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT, SERVER_DIR } from '../fixtures/paths';
import { run } from '../fixtures/run';
import type { RunningServer } from '../fixtures/server';

type Messages = { [key: string]: string | Messages };

/** The account screens' own English texts (mf-users/src/auth/i18n/en_US.json), looked up by key. */
const EN = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-users/src/auth/i18n/en_US.json'), 'utf8')) as Messages;
/** The design system's English texts: the captcha (field and dialog) is @agora/shared-ui/captcha's. */
const SHARED_UI_EN = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'shared-ui/src/i18n/en_US.json'), 'utf8'),
) as Messages;
/** The server's English reasons (base catalog + the accounts area). */
const SERVER_EN = [
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'src/i18n/en_US.json'), 'utf8')) as Messages,
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'src/i18n/accounts.en_US.json'), 'utf8')) as Messages,
];

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** An account-screen text, `auth.` prefix optional; `captcha.*` keys are the shared captcha's texts. */
export function authText(key: string, vars: Record<string, string | number> = {}): string {
  const bare = key.replace(/^auth\./, '');
  const text = bare.startsWith('captcha.') ? lookup(SHARED_UI_EN, bare) : lookup(EN, bare);
  if (text === undefined) throw new Error(`mf-users auth has no text ${key}`);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** A server reason's English text, e.g. serverText('error.username.duplicate'). */
export function serverText(reason: string): string {
  for (const catalog of SERVER_EN) {
    const text = lookup(catalog, reason);
    if (text !== undefined) return text;
  }
  throw new Error(`the server has no English text for ${reason}`);
}

/** The captcha text every captcha shows and expects on the e2e sites (server config captcha.fixed_text). */
export const CAPTCHA_TEXT = 'E2E42';

/** A new account's details, unique per call. */
let counter = 0;
export function newAccount(prefix = 'user') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: `${prefix} ${tag}`,
    email: `${prefix}.${tag}@e2e.example.com`,
    password: `pass-${tag}-Zq9`,
  };
}

/** The account screens of mf-users. */
export class AccountPages {
  constructor(
    readonly page: Page,
    readonly site: RunningServer,
  ) {}

  /** The account screen's own area (the header has login and sign-up links of its own). */
  get screen(): Locator {
    return this.page.locator('section[aria-labelledby="mf-auth-title"]');
  }

  field(labelKey: string): Locator {
    return this.page.getByLabel(authText(labelKey), { exact: true });
  }

  button(labelKey: string): Locator {
    return this.page.getByRole('button', { name: authText(labelKey), exact: true });
  }

  heading(text: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: text });
  }

  /** The captcha image and its field (shown only when the server asks). */
  get captchaImage(): Locator {
    return this.page.getByRole('img', { name: authText('captcha.image_alt') });
  }

  get captchaField(): Locator {
    return this.field('captcha.label');
  }

  async fillCaptcha(text = CAPTCHA_TEXT): Promise<void> {
    await expect(this.captchaImage).toBeVisible();
    await this.captchaField.fill(text);
  }

  /** Fills and sends the sign-up form; the password is typed twice (`confirm`, the same unless given). */
  async signUp(
    account: { name: string; email: string; password: string; confirm?: string },
    captcha: string | null = CAPTCHA_TEXT,
  ) {
    await this.page.goto(`${this.site.url}/users/register`);
    await expect(this.heading(authText('register.title', { site: 'Agora' }))).toBeVisible();
    await this.field('fields.name.label').fill(account.name);
    await this.field('fields.e_mail.label').fill(account.email);
    await this.field('fields.pass.label').fill(account.password);
    await this.field('fields.pass_again.label').fill(account.confirm ?? account.password);
    if (captcha !== null) await this.fillCaptcha(captcha);
    await this.button('register.submit').click();
  }

  async logIn(email: string, password: string, captcha?: string) {
    if (!this.page.url().endsWith('/users/login')) await this.page.goto(`${this.site.url}/users/login`);
    await this.field('fields.e_mail.label').fill(email);
    await this.field('fields.pass.label').fill(password);
    if (captcha !== undefined) await this.fillCaptcha(captcha);
    // Wait for this attempt's answer: the form shows the previous attempt's message until it arrives.
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/answer/api/v1/user/login/email') && r.request().method() === 'POST',
    );
    await this.button('login.submit').click();
    await answered;
  }

  /** The inactive-account state after sign-up or login of a not yet activated account. */
  async expectInactive(email: string) {
    await expect(this.page).toHaveURL(`${this.site.url}/users/login?status=inactive`);
    await expect(this.heading(authText('inactive.title'))).toBeVisible();
    await expect(this.page.getByText(authText('inactive.sent', { email }))).toBeVisible();
  }

  /** A message shown on a form field or in an alert, exactly. */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}

/**
 * Suspends an account directly in the test site's SQLite database, through the server's own database
 * layer (there is no admin API for it yet). `service: true` uses AccountsService.setStatus, which also ends
 * the user's sessions (what an administrator's suspension does); otherwise only the row changes, so a live
 * session sees its suspension on the next user/info.
 */
export async function suspendAccount(
  site: RunningServer,
  email: string,
  { untilMs, service = false }: { untilMs: number | null; service?: boolean },
): Promise<void> {
  const script = `
    const { createDatabase } = await import('./src/db/database.ts');
    const { AccountsService } = await import('./src/modules/accounts/service.ts');
    const database = await createDatabase({ type: 'sqlite3', file: process.env.DB_FILE });
    try {
      const accounts = new AccountsService(database.db);
      const user = await accounts.findUserByEmail(process.env.EMAIL);
      if (!user) throw new Error('no user ' + process.env.EMAIL);
      const until = process.env.UNTIL ? Number(process.env.UNTIL) : null;
      if (process.env.SERVICE === '1') await accounts.setStatus(user.id, 'suspended', { until });
      else await database.db.updateTable('user').set({ status: 9, suspended_until: until }).where('id', '=', user.id).execute();
    } finally {
      await database.close();
    }
  `;
  await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DB_FILE: path.join(site.dataDir, 'agora.db'),
      EMAIL: email,
      UNTIL: untilMs === null ? '' : String(untilMs),
      SERVICE: service ? '1' : '0',
    },
    timeoutMs: 60_000,
  });
}
