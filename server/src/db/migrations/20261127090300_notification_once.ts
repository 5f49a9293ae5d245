import type { Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, hasColumn, type AnyDb } from './helpers';

/**
 * Inbox entries a member gets only once per post (a mention, an invitation to answer): `notification.once_key`
 * names what the entry is about (e.g. `mention:<post id>`), NULL for every other entry. A unique index
 * on (user_id, once_key) keeps a second entry out even when two requests write at the same moment;
 * NULLs never collide, so other entries are not limited.
 */
const ONCE_INDEX = {
  name: 'notification_once_uq',
  table: 'notification',
  columns: ['user_id', 'once_key'],
  unique: true,
};

export const notificationOnce: Migration = {
  async up(db: AnyDb) {
    // MySQL cannot roll DDL back: the column is added only when missing, so the migration can run again.
    if (!(await hasColumn(db, 'notification', 'once_key')))
      await db.schema.alterTable('notification').addColumn('once_key', 'varchar(100)').execute();
    await ensureIndex(db, ONCE_INDEX);
  },
  async down(db: AnyDb) {
    const drop = db.schema.dropIndex(ONCE_INDEX.name);
    await (dialectOf(db) === 'mysql' ? drop.on(ONCE_INDEX.table) : drop.ifExists()).execute();
    await db.schema.alterTable('notification').dropColumn('once_key').execute();
  },
};
