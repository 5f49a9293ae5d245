import type { Migration } from 'kysely';
import { hasColumn, insertMissing, type AnyDb } from './helpers';

/**
 * The admin area's user management. `user.visit_days` counts the UTC days a member used the site
 * while logged in, `user.last_visit_day` (YYYY-MM-DD, UTC) is the last one counted, so a day counts
 * once. The activity types of what an administrator does to an account (status, role, password) are
 * config rows; a fresh install writes them too.
 */
export const ADMIN_USER_CONFIG_ROWS = [
  { id: 170, key: 'user.suspended', value: '0' },
  { id: 171, key: 'user.unsuspended', value: '0' },
  { id: 172, key: 'user.deleted', value: '0' },
  { id: 173, key: 'user.deactivated', value: '0' },
  { id: 174, key: 'user.role_changed', value: '0' },
  { id: 175, key: 'user.password_set', value: '0' },
  { id: 176, key: 'user.profile_edited', value: '0' },
];

export const adminUsers: Migration = {
  async up(db: AnyDb) {
    // MySQL cannot roll DDL back: each column is added only when missing, so the migration can run again.
    if (!(await hasColumn(db, 'user', 'visit_days')))
      await db.schema
        .alterTable('user')
        .addColumn('visit_days', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    if (!(await hasColumn(db, 'user', 'last_visit_day')))
      await db.schema.alterTable('user').addColumn('last_visit_day', 'varchar(10)').execute();
    const installed = await db.selectFrom('config').select('id').limit(1).execute();
    if (installed.length) await insertMissing(db, 'config', 'key', ADMIN_USER_CONFIG_ROWS);
  },
  async down(db: AnyDb) {
    await db
      .deleteFrom('config')
      .where(
        'key',
        'in',
        ADMIN_USER_CONFIG_ROWS.map((r) => r.key),
      )
      .execute();
    await db.schema.alterTable('user').dropColumn('last_visit_day').execute();
    await db.schema.alterTable('user').dropColumn('visit_days').execute();
  },
};
