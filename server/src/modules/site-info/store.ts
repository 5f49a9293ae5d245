import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { defaultSiteSettings } from '../settings/defaults';
import type { SettingsGroup, SiteSettings } from '../settings/schema';
import { deepMerge, type SettingsStore } from '../settings/store';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * `site_info.type` for each settings group: Answer's names, so a row means the same thing in both
 * products. `privileges` has no group in SiteSettings; it is read with readSiteInfo.
 */
export const SITE_INFO_TYPES: Record<SettingsGroup, string> = {
  general: 'general',
  interface: 'interface',
  branding: 'branding',
  login: 'login',
  theme: 'theme',
  custom_css_html: 'css-html',
  seo: 'seo',
  users: 'users',
  legal: 'legal',
  security: 'security',
  question: 'questions',
  tag: 'tags',
  smtp: 'smtp',
  moderation: 'moderation',
};

/** The parsed JSON of one site_info row, or null when there is none. */
export async function readSiteInfo<T = unknown>(db: Db, type: string): Promise<T | null> {
  const row = await db.selectFrom('site_info').select('content').where('type', '=', type).executeTakeFirst();
  return row ? (JSON.parse(row.content) as T) : null;
}

/** Creates or replaces one site_info row. */
export async function writeSiteInfo(db: Db, type: string, content: unknown, now = Date.now()): Promise<void> {
  const json = JSON.stringify(content);
  const updated = await db
    .updateTable('site_info')
    .set({ content: json, updated_at: now })
    .where('type', '=', type)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('site_info')
      .values({ type, content: json, status: 1, created_at: now, updated_at: now })
      .execute();
  }
}

/**
 * Site settings stored in site_info (what the installer seeds and the admin screens will save).
 * Each group is the stored JSON over the defaults, so a setting added in a later release has its
 * default until someone saves it. Reads are cached per process; set() refreshes the cache.
 */
export class DbSettingsStore implements SettingsStore {
  readonly #db: Kysely<DB>;
  readonly #cache = new Map<SettingsGroup, unknown>();

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]> {
    if (!this.#cache.has(group)) {
      const stored = await readSiteInfo(this.#db, SITE_INFO_TYPES[group]);
      const defaults = defaultSiteSettings('')[group];
      this.#cache.set(group, deepMerge(defaults, stored ?? {}));
    }
    return structuredClone(this.#cache.get(group)) as SiteSettings[G];
  }

  async set<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void> {
    await writeSiteInfo(this.#db, SITE_INFO_TYPES[group], value);
    this.#cache.set(group, structuredClone(value));
  }

  /** Forget cached groups (after another process changed them). */
  invalidate(): void {
    this.#cache.clear();
  }
}
