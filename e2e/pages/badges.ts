import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';
import { adminText, escapeRegExp } from './admin';

type Messages = { [key: string]: string | Messages };

/** The badge screens' texts of mf-users (src/people/badges/i18n), in English. */
const BADGES = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'mf-users/src/people/badges/i18n/en_US.json'), 'utf8'),
) as Messages;

/** The server's English badge catalogue (server/src/i18n/badge.en_US.json). */
const CATALOGUE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server/src/i18n/badge.en_US.json'), 'utf8')) as {
  badge: Record<string, { name?: string }>;
};

/** A badge's English name as the server answers it (e.g. `first_accepted`). */
export function badgeName(key: string): string {
  const name = CATALOGUE.badge[key]?.name;
  if (!name) throw new Error(`the server's badge catalogue has no badge ${key}`);
  return name;
}

/** A badge-screen text with its {{vars}} filled; with `count`, the plural form English picks. */
export function badgesText(key: string, vars: Record<string, string | number> = {}): string {
  const lookup = (dotted: string) => {
    let node: string | Messages | undefined = BADGES;
    for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const plural = vars.count === undefined ? undefined : lookup(`${key}_${vars.count === 1 ? 'one' : 'other'}`);
  const text = plural ?? lookup(key);
  if (text === undefined) throw new Error(`mf-users badges has no text ${key}`);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** A badge as GET badges and badge/user/awards send it. */
export interface BadgeWire {
  id: string;
  name: string;
  award_count?: number;
  earned_count: number;
}

/** The badge pages of the site (mf-users) and the admin Badges screen (mf-admin). */
export class BadgePages {
  constructor(readonly page: Page) {}

  /** /badges: the card of one badge (its link, level, members and the earned marker). */
  async catalogueCard(name: string): Promise<Locator> {
    await this.page.goto('/badges');
    await expect(this.page.getByRole('heading', { level: 1, name: badgesText('catalogue.title') })).toBeVisible();
    return this.page.locator('li.badges-card').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** /badges/{id}: the recipients' region. */
  async recipients(id: string, name: string): Promise<Locator> {
    await this.page.goto(`/badges/${encodeURIComponent(id)}`);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
    return this.page.getByRole('region', { name: badgesText('detail.recipients') });
  }

  /** /admin/badges filtered to `name`: its row. */
  async adminRow(name: string): Promise<Locator> {
    await this.page.goto(`/admin/badges?q=${encodeURIComponent(name)}`);
    const table = this.page.getByRole('region', { name: adminText('badges.list') });
    const row = table.getByRole('row').filter({ hasText: new RegExp(escapeRegExp(name)) });
    await expect(row.first()).toBeVisible();
    return row.first();
  }
}
