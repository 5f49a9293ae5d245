import type { Migration } from 'kysely';
import { ensureIndex, insertMissing, tableOptions, type AnyDb } from './helpers';

/**
 * The audit log of administrative changes: one `admin_audit` row per change made through the admin API
 * (settings saved, accounts added or changed, purges, plugin and badge switches, post statuses). Columns:
 * `actor_id` and `actor_name` (the administrator and their username at the time), `action` (a stable key),
 * `target_type`, `target_id`, `target_name` (what the change is about, named as it was then), `detail`
 * (small JSON: field names, old and new values of statuses; never secrets), `ip` (the client address),
 * `created_at` (Unix ms). No foreign keys, on purpose: entries are kept when the accounts and posts they
 * name are purged. Ids come from the `admin_audit` counter of id_sequence, seeded here.
 */
export const adminAudit: Migration = {
  async up(db: AnyDb) {
    await insertMissing(db, 'id_sequence', 'name', [{ name: 'admin_audit', value: 0 }]);
    await tableOptions(db)(
      db.schema
        .createTable('admin_audit')
        .ifNotExists()
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('actor_id', 'bigint', (c) => c.notNull())
        .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('action', 'varchar(50)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('target_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    ).execute();
    // The log newest first, and filtered by kind or by administrator.
    await ensureIndex(db, { name: 'admin_audit_created_idx', table: 'admin_audit', columns: ['created_at'] });
    await ensureIndex(db, {
      name: 'admin_audit_action_idx',
      table: 'admin_audit',
      columns: ['action', 'created_at'],
    });
    await ensureIndex(db, {
      name: 'admin_audit_actor_idx',
      table: 'admin_audit',
      columns: ['actor_id', 'created_at'],
    });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('admin_audit').ifExists().execute();
    await db.deleteFrom('id_sequence').where('name', '=', 'admin_audit').execute();
  },
};
