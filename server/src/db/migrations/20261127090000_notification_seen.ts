import type { Migration } from 'kysely';
import { tableOptions, type AnyDb } from './helpers';

/**
 * When each member last opened each notification list (type 1 inbox, 2 achievement), so the header's
 * unread dots count only what changed since then. Kept in the database, one row per member and list,
 * so every server process of a site agrees. `seen_at` is Unix ms.
 */
export const notificationSeen: Migration = {
  async up(db: AnyDb) {
    await tableOptions(db)(
      db.schema
        .createTable('notification_seen')
        .ifNotExists()
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'smallint', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_seen_pk', ['user_id', 'type']),
    ).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('notification_seen').ifExists().execute();
  },
};
