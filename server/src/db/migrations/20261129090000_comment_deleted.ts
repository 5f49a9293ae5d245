import type { Migration } from 'kysely';
import { insertMissing, type AnyDb } from './helpers';

/**
 * The activity type of a deleted comment (`comment.deleted`, no reputation): deleting a comment writes
 * an activity row as deleting a question or an answer does. A config row; a fresh install writes it too.
 */
export const COMMENT_DELETED_CONFIG_ROWS = [{ id: 152, key: 'comment.deleted', value: '0' }];

export const commentDeleted: Migration = {
  async up(db: AnyDb) {
    // Only installed sites have config rows; a site installed later gets them from the installer.
    const installed = await db.selectFrom('config').select('id').limit(1).execute();
    if (installed.length) await insertMissing(db, 'config', 'key', COMMENT_DELETED_CONFIG_ROWS);
  },
  async down(db: AnyDb) {
    await db
      .deleteFrom('config')
      .where(
        'key',
        'in',
        COMMENT_DELETED_CONFIG_ROWS.map((r) => r.key),
      )
      .execute();
  },
};
