import type { Kysely, Transaction } from 'kysely';
import type { AdminAuditTable, DB } from '../../db/schema';

// The admin_audit table: writes inside the change's transaction, and the paged read.

type Db = Kysely<DB> | Transaction<DB>;

/** One row as stored (db/schema/audit.ts). */
export type AuditRow = AdminAuditTable;

export interface AuditFilter {
  action?: string;
  actorId?: number;
  actorName?: string;
}

export async function insertEntry(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('admin_audit').values(row).execute();
}

/** The username of an account now, or null when there is none. */
export async function usernameOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user').select('username').where('id', '=', userId).executeTakeFirst();
  return row ? row.username : null;
}

function filtered(db: Kysely<DB>, filter: AuditFilter) {
  let query = db.selectFrom('admin_audit');
  if (filter.action) query = query.where('admin_audit.action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('admin_audit.actor_id', '=', filter.actorId);
  if (filter.actorName !== undefined) query = query.where('admin_audit.actor_name', '=', filter.actorName);
  return query;
}

export async function countEntries(db: Kysely<DB>, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page, newest first; `actor_exists` says whether the actor's account is still there. */
export async function listEntries(
  db: Kysely<DB>,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<Array<AuditRow & { actor_exists: number }>> {
  const rows = await filtered(db, filter)
    .leftJoin('user', 'user.id', 'admin_audit.actor_id')
    .select([
      'admin_audit.id',
      'admin_audit.actor_id',
      'admin_audit.actor_name',
      'admin_audit.action',
      'admin_audit.target_type',
      'admin_audit.target_id',
      'admin_audit.target_name',
      'admin_audit.detail',
      'admin_audit.ip',
      'admin_audit.created_at',
      'user.id as user_id',
    ])
    .orderBy('admin_audit.created_at', 'desc')
    .orderBy('admin_audit.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(({ user_id, ...row }) => ({
    ...row,
    id: Number(row.id),
    actor_id: Number(row.actor_id),
    created_at: Number(row.created_at),
    actor_exists: user_id === null ? 0 : 1,
  }));
}
