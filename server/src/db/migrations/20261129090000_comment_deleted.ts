import type { Migration } from 'kysely';
import { addConfigRowsIfInstalled, removeConfigRows, type AnyDb } from './helpers';

/**
 * The activity type of a deleted comment (`comment.deleted`, no reputation): deleting a comment writes
 * an activity row as deleting a question or an answer does. A config row; a fresh install writes it too.
 */
export const COMMENT_DELETED_CONFIG_ROWS = [{ id: 152, key: 'comment.deleted', value: '0' }];

export const commentDeleted: Migration = {
  up: (db: AnyDb) => addConfigRowsIfInstalled(db, COMMENT_DELETED_CONFIG_ROWS),
  down: (db: AnyDb) => removeConfigRows(db, COMMENT_DELETED_CONFIG_ROWS),
};
