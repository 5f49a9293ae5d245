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
  advanced: 'advanced',
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

/** How stale this process's settings may be when nothing tells it of a change (no Redis). */
export const SETTINGS_CHECK_MS = 1_000;

export interface DbSettingsStoreOptions {
  /** The clock (Unix ms) of the version check; tests move it. */
  now?: () => number;
  /** At most one version check per this many ms (default SETTINGS_CHECK_MS). */
  checkMs?: number;
}

/** A cheap fingerprint of site_info: changes whenever any process saves a row. */
async function siteInfoVersion(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('site_info')
    .select((eb) => [eb.fn.max('updated_at').as('latest'), eb.fn.countAll().as('rows')])
    .executeTakeFirst();
  return `${String(row?.latest ?? 0)}/${String(row?.rows ?? 0)}`;
}

/**
 * Site settings stored in site_info (what the installer seeds and the admin screens save).
 * Each group is the stored JSON over the defaults, so a setting added in a later release has its
 * default until someone saves it. Reads are cached per process; set() refreshes the cache. Another
 * process's save reaches this cache at once through invalidate() (the Redis channel, see
 * plugins/settings-sync.ts), and otherwise within SETTINGS_CHECK_MS: a read after that long first
 * compares the newest updated_at and the row count of site_info with what the cache was built on.
 */
export class DbSettingsStore implements SettingsStore {
  readonly #db: Kysely<DB>;
  readonly #cache = new Map<SettingsGroup, unknown>();
  readonly #now: () => number;
  readonly #checkMs: number;
  readonly #rows = new Map<string, unknown>();
  readonly #listeners: Array<(group: SettingsGroup | string) => void> = [];
  #version: string | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | undefined;
  #generation = 0;

  constructor(db: Kysely<DB>, options: DbSettingsStoreOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#checkMs = options.checkMs ?? SETTINGS_CHECK_MS;
  }

  /**
   * Drops the cache when site_info changed since it was filled (one query per checkMs at most). Runs
   * beside the read, never before it: a read made inside a caller's transaction must not wait for a
   * connection that transaction holds (SQLite has one).
   */
  #check(): void {
    if (this.#checking || this.#now() - this.#checkedAt < this.#checkMs) return;
    this.#checkedAt = this.#now();
    this.#checking = siteInfoVersion(this.#db)
      .then((version) => {
        if (version !== this.#version) this.invalidate();
        this.#version = version;
      })
      .catch(() => undefined)
      .finally(() => {
        this.#checking = undefined;
      });
  }

  /** Resolves once the version check under way (if any) is done (tests). */
  async settled(): Promise<void> {
    await this.#checking;
  }

  async get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]> {
    this.#check();
    if (this.#cache.has(group)) return structuredClone(this.#cache.get(group)) as SiteSettings[G];
    const generation = this.#generation;
    const stored = await readSiteInfo(this.#db, SITE_INFO_TYPES[group]);
    const value = deepMerge(defaultSiteSettings('')[group], stored ?? {});
    // Not cached when the cache was dropped meanwhile: the row read may be older than the change.
    if (generation === this.#generation) this.#cache.set(group, value);
    return structuredClone(value);
  }

  async set<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void> {
    await writeSiteInfo(this.#db, SITE_INFO_TYPES[group], value);
    this.#generation += 1;
    this.#cache.set(group, structuredClone(value));
    for (const listener of this.#listeners) listener(group);
  }

  async cachedRow<T>(type: string): Promise<T | null> {
    this.#check();
    if (this.#rows.has(type)) return structuredClone(this.#rows.get(type)) as T | null;
    const generation = this.#generation;
    const stored = await readSiteInfo<T>(this.#db, type);
    if (generation === this.#generation) this.#rows.set(type, stored);
    return structuredClone(stored);
  }

  rowSaved(type: string): void {
    this.#rows.delete(type);
    this.#generation += 1;
    for (const listener of this.#listeners) listener(type);
  }

  /** Forget cached groups and rows (after another process changed them). */
  invalidate(): void {
    this.#cache.clear();
    this.#rows.clear();
    this.#generation += 1;
  }

  onSaved(listener: (group: SettingsGroup | string) => void): void {
    this.#listeners.push(listener);
  }
}
