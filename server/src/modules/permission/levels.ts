import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeConfigRows } from '../config/service';
import { readSiteInfo, writeSiteInfo } from '../site-info/store';
import { DEFAULT_PRIVILEGE_LEVEL, LEVELLED_PRIVILEGES, privilegeRows, type PrivilegeLevel } from './defaults';
import { writeTransaction } from '../../db/transaction';

/** The levels an administrator picks from: the three presets and 99, values of their own. */
export type SelectedLevel = PrivilegeLevel | 99;
export const CUSTOM_LEVEL = 99;
export const PRESET_LEVELS: readonly PrivilegeLevel[] = [1, 2, 3];

/** What the `privileges` row of site_info holds: the level in force and, for 99, its values. */
export interface StoredPrivileges {
  level: SelectedLevel;
  custom?: Record<string, number>;
}

/** The keys a level sets (`question.add`...), in a stable order. */
export const LEVELLED_KEYS = Object.keys(LEVELLED_PRIVILEGES) as (keyof typeof LEVELLED_PRIVILEGES)[];

/** The reputation each levelled privilege needs at a preset level. */
export function presetValues(level: PrivilegeLevel): Record<string, number> {
  return Object.fromEntries(LEVELLED_KEYS.map((key) => [key, LEVELLED_PRIVILEGES[key][level]]));
}

/**
 * The privilege level setting (setting/privileges): which level is in force and the `rank.*` config
 * rows it writes. The rows are what every permission check reads, uncached, so a change holds at
 * once in every process.
 */
export class PrivilegeLevels {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async stored(): Promise<StoredPrivileges> {
    const row = await readSiteInfo<Partial<StoredPrivileges>>(this.#db, 'privileges');
    const level = row?.level;
    if (level === CUSTOM_LEVEL && row?.custom) return { level, custom: row.custom };
    return { level: level === 1 || level === 2 || level === 3 ? level : DEFAULT_PRIVILEGE_LEVEL };
  }

  /**
   * Applies a preset, or (99) the given value for every levelled privilege; `also` runs in the same
   * transaction (the audit entry of the change).
   */
  async apply(
    level: SelectedLevel,
    custom?: Record<string, number>,
    also?: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<void> {
    const rows =
      level === CUSTOM_LEVEL
        ? privilegeRows(DEFAULT_PRIVILEGE_LEVEL).map((row) => {
            const key = row.key.slice('rank.'.length);
            return key in (custom ?? {}) ? { ...row, value: String(custom![key]) } : row;
          })
        : privilegeRows(level);
    await writeTransaction(this.#db, async (trx) => {
      await writeConfigRows(trx, rows);
      await writeSiteInfo(trx, 'privileges', level === CUSTOM_LEVEL ? { level, custom } : { level });
      await also?.(trx);
    });
  }
}
