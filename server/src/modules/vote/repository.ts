import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { VotableType } from './table';

/** Every query of the vote module. */
type Db = Kysely<DB> | Transaction<DB>;

const TABLE = { question: 'question', answer: 'answer', comment: 'comment' } as const;

/** Moves an object's vote_count by `delta` (0 locks its row: every vote on it then waits for this one). */
export async function addVoteCount(db: Db, type: VotableType, id: string, delta: number): Promise<void> {
  await db
    .updateTable(TABLE[type])
    .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** The voter's own live vote activities on an object of these types. */
export function heldVoteRows(db: Db, userId: number, objectId: string, types: number[]) {
  return db
    .selectFrom('activity')
    .select(['id', 'activity_type'])
    .where('object_id', '=', objectId)
    .where('user_id', '=', userId)
    .where('trigger_user_id', '=', 0)
    .where('activity_type', 'in', types)
    .where('cancelled', '=', 0)
    .execute();
}

/** The id of the author's live activity of `type` that `voterId` triggered on the object, if any. */
export async function authorActivityId(
  db: Db,
  objectId: string,
  authorId: number,
  voterId: number,
  type: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('object_id', '=', objectId)
    .where('user_id', '=', authorId)
    .where('trigger_user_id', '=', voterId)
    .where('activity_type', '=', type)
    .where('cancelled', '=', 0)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** How many live votes of each of these types the object has. */
export function voteCounts(db: Db, objectId: string, types: number[]) {
  return db
    .selectFrom('activity')
    .select((eb) => ['activity_type', eb.fn.countAll<number | string>().as('n')])
    .where('object_id', '=', objectId)
    .where('trigger_user_id', '=', 0)
    .where('activity_type', 'in', types)
    .where('cancelled', '=', 0)
    .groupBy('activity_type')
    .execute();
}
