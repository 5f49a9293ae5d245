import type { DialectAdapter, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { selectConfigRowsById, selectConfigRowsByKey, upsertConfigRows, type ConfigRow } from './repository';

/**
 * The read model other modules use for the `config` table: activity-type ids by key (they never change
 * once installed), keys by id, and values. Modules never query `config` themselves.
 *
 * Which values may be cached: an administrator changes only the privilege rows (`rank.*`, the privilege
 * level setting), which every process must see at once, so they are always read. Every other row
 * (activity types, reputation values, the daily limit) is written only by migrations and the installer,
 * before a server process serves the site, so `fixedConfigRows` keeps them for the life of the database
 * handle (a process restarts after an upgrade).
 */
type Executor = Kysely<DB> | Transaction<DB>;

export type { ConfigRow };

/** The row of each key that exists. */
export async function configRows(db: Executor, keys: readonly string[]): Promise<Map<string, ConfigRow>> {
  return new Map((await selectConfigRowsByKey(db, keys)).map((r) => [r.key, r]));
}

/** One value (JSON or a number, as text), or null when the key does not exist. */
export async function configValue(db: Executor, key: string): Promise<string | null> {
  return (await configRows(db, [key])).get(key)?.value ?? null;
}

/** The id of each key that exists (ids are what activity rows store as their type). */
export async function configIds(db: Executor, keys: readonly string[]): Promise<Map<string, number>> {
  return new Map((await selectConfigRowsByKey(db, keys)).map((r) => [r.key, r.id]));
}

/** The ids of keys that must exist: a missing one means the site's data was never installed. */
export async function requiredConfigIds(db: Executor, keys: readonly string[]): Promise<Map<string, number>> {
  const ids = await configIds(db, keys);
  for (const key of keys) if (!ids.has(key)) throw new Error(`config key ${key} is missing: is the site installed?`);
  return ids;
}

/** The rows of these ids (an activity's type back to its key, a reason id to its text). */
export async function configRowsById(db: Executor, ids: readonly number[]): Promise<Map<number, ConfigRow>> {
  return new Map((await selectConfigRowsById(db, ids)).map((r) => [r.id, r]));
}

/** Sets values by key; keys that do not exist yet are created with the given id. */
export async function writeConfigRows(db: Executor, rows: readonly ConfigRow[]): Promise<void> {
  fixed.delete(db.getExecutor().adapter);
  await upsertConfigRows(db, rows);
}

/** Whether a row may be cached (see above): everything but the privilege rows. */
export const isFixedConfigKey = (key: string): boolean => !key.startsWith('rank.');

/** The fixed rows read so far, per database (a transaction shares its database's adapter). */
const fixed = new WeakMap<DialectAdapter, Map<string, ConfigRow>>();

/**
 * The row of each key that exists, like configRows, served from memory after the first read; only for
 * fixed keys (a privilege key throws: read it with configRows). A missing key is read again next time.
 */
export async function fixedConfigRows(db: Executor, keys: readonly string[]): Promise<Map<string, ConfigRow>> {
  const adapter = db.getExecutor().adapter;
  let cache = fixed.get(adapter);
  if (!cache) fixed.set(adapter, (cache = new Map()));
  const missing = keys.filter((key) => !cache.has(key));
  for (const key of missing) if (!isFixedConfigKey(key)) throw new Error(`config key ${key} is not fixed`);
  if (missing.length) for (const row of await selectConfigRowsByKey(db, missing)) cache.set(row.key, row);
  const out = new Map<string, ConfigRow>();
  for (const key of keys) {
    const row = cache.get(key);
    if (row) out.set(key, row);
  }
  return out;
}

/** Activity-type ids by key, from the fixed rows' cache (ids are fixed at install). */
export class ConfigIdCache {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async id(key: string, db: Executor = this.#db): Promise<number> {
    const row = (await fixedConfigRows(db, [key])).get(key);
    if (!row) throw new Error(`config key ${key} is missing: is the site installed?`);
    return row.id;
  }
}
