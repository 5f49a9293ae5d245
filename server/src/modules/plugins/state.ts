import type { Kysely, Transaction } from 'kysely';
import type { PluginDeployment } from '../../config';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { SettingsStore } from '../settings/store';
import { readSiteInfo, writeSiteInfo } from '../site-info/store';

/** The site_info row holding the administrator's choices: `{ <slug>: enabled }`. */
export const PLUGIN_STATUS_TYPE = 'plugin_status';

/** Where a plugin's enabled state is read and saved. */
export interface PluginStateStore {
  /** The configured plugins, each `enabled` as the administrator last set it (else as configured). */
  resolve(plugins: PluginDeployment[]): Promise<PluginDeployment[]>;
  /** Saves the switch; `also` runs in the same transaction (the audit entry). */
  set(slug: string, enabled: boolean, also?: (trx: Transaction<DB>) => Promise<void>): Promise<void>;
}

/** No stored choices (install mode): the configuration alone decides. */
export const configuredPluginStates: PluginStateStore = {
  resolve: async (plugins) => plugins,
  set: async () => {
    throw new Error('plugin states cannot be saved without a database');
  },
};

/**
 * The plugins' enabled states in the database (one site_info row), over the configuration's
 * `enabled`. Kept in the settings store's cache when it has one (`cachedRow`): a switch saved here is
 * seen at once, one saved by another process as soon as that store drops its cache (the Redis message,
 * else its version check within a second), so a page load reads no database for them.
 */
export class DbPluginStates implements PluginStateStore {
  readonly #db: Kysely<DB>;
  readonly #settings: Pick<SettingsStore, 'cachedRow' | 'rowSaved'> | undefined;

  constructor(db: Kysely<DB>, settings?: Pick<SettingsStore, 'cachedRow' | 'rowSaved'>) {
    this.#db = db;
    this.#settings = settings;
  }

  async #stored(db?: Transaction<DB>): Promise<Record<string, boolean>> {
    type Row = Record<string, unknown>;
    const stored =
      !db && this.#settings?.cachedRow
        ? await this.#settings.cachedRow<Row>(PLUGIN_STATUS_TYPE)
        : await readSiteInfo<Row>(db ?? this.#db, PLUGIN_STATUS_TYPE);
    const out: Record<string, boolean> = {};
    for (const [slug, value] of Object.entries(stored ?? {})) if (typeof value === 'boolean') out[slug] = value;
    return out;
  }

  async resolve(plugins: PluginDeployment[]): Promise<PluginDeployment[]> {
    if (plugins.length === 0) return plugins;
    const stored = await this.#stored();
    return plugins.map((p) => (p.slug_name in stored ? { ...p, enabled: stored[p.slug_name] } : p));
  }

  async set(slug: string, enabled: boolean, also?: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      const stored = await this.#stored(trx);
      await writeSiteInfo(trx, PLUGIN_STATUS_TYPE, { ...stored, [slug]: enabled });
      await also?.(trx);
    });
    this.#settings?.rowSaved?.(PLUGIN_STATUS_TYPE);
  }
}
