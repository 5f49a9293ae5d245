import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { selectPendingReportedIds } from './repository';

/**
 * The posts among `objectIds` the viewer has flagged and whose flag still waits for review: the post
 * shows them as flagged, and offers no second flag (POST report refuses one while the first is pending).
 */
export async function flaggedByViewer(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  objectIds: readonly string[],
): Promise<Set<string>> {
  return new Set(await selectPendingReportedIds(db, userId, [...new Set(objectIds)]));
}
