import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { configRows } from '../config/service';
import { DEFAULT_PRIVILEGE_LEVEL, FIXED_PRIVILEGES, LEVELLED_PRIVILEGES } from './defaults';
import type { RoleId } from '../session/store';

/** Reputation needed per permission; -1 means never by reputation. */
export interface PrivilegeSource {
  /** Thresholds for the given permission names; unknown names are left out. */
  thresholds(actions: readonly string[]): Promise<Map<string, number>>;
}

/** The thresholds a fresh install seeds (privilege level 2), for apps without a database. */
export const defaultPrivileges: PrivilegeSource = {
  async thresholds(actions) {
    const level = DEFAULT_PRIVILEGE_LEVEL;
    const found = new Map<string, number>();
    for (const action of actions) {
      const levelled = LEVELLED_PRIVILEGES[action as keyof typeof LEVELLED_PRIVILEGES];
      const fixed = FIXED_PRIVILEGES[action as keyof typeof FIXED_PRIVILEGES];
      if (levelled) found.set(action, levelled[level]);
      else if (fixed) found.set(action, fixed[1]);
    }
    return found;
  },
};

/** Reads the site's `rank.<permission>` rows from `config` (the admin's privilege level writes them). */
export class DbPrivilegeSource implements PrivilegeSource {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async thresholds(actions: readonly string[]): Promise<Map<string, number>> {
    if (actions.length === 0) return new Map();
    const rows = await configRows(
      this.#db,
      actions.map((a) => `rank.${a}`),
    );
    const found = new Map<string, number>();
    for (const row of rows.values()) {
      const value = Number(row.value);
      if (Number.isFinite(value)) found.set(row.key.slice('rank.'.length), value);
    }
    return found;
  }
}

export type PermissionDecision =
  { allowed: true } | { allowed: false; reason: 'unknown' | 'role_only' | 'reputation'; required?: number };

/**
 * Admins and moderators hold every permission (only admins `admin.access`); members
 * need the reputation the threshold names; a threshold of -1 is granted by role (or ownership) only.
 */
export function decide(
  action: string,
  roleId: RoleId,
  rank: number,
  threshold: number | undefined,
): PermissionDecision {
  if (action === 'admin.access') return roleId === 2 ? { allowed: true } : { allowed: false, reason: 'role_only' };
  if (threshold === undefined) return { allowed: false, reason: 'unknown' };
  if (roleId === 2 || roleId === 3) return { allowed: true };
  if (threshold < 0) return { allowed: false, reason: 'role_only' };
  return rank >= threshold ? { allowed: true } : { allowed: false, reason: 'reputation', required: threshold };
}
