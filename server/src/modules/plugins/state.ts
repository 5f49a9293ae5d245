import type { Kysely, Transaction } from 'kysely';
import type { PluginDeployment } from '../../config';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
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
 * `enabled`. Read on every call, never cached, so every process of the site sees a change at once.
 */
export class DbPluginStates implements PluginStateStore {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async #stored(db: Kysely<DB> | Transaction<DB> = this.#db): Promise<Record<string, boolean>> {
    const stored = await readSiteInfo<Record<string, unknown>>(db, PLUGIN_STATUS_TYPE);
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
  }
}
