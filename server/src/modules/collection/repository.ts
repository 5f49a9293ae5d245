import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Every query of the collection (bookmarks) module. */
type Db = Kysely<DB> | Transaction<DB>;

/** Moves a question's bookmark count by `delta` (0 locks its row). */
export async function addCollectionCount(db: Db, questionId: string, delta: number): Promise<void> {
  await db
    .updateTable('question')
    .set((eb) => ({ collection_count: eb('collection_count', '+', delta) }))
    .where('id', '=', questionId)
    .execute();
}

export async function collectionCount(db: Db, questionId: string): Promise<number> {
  const row = await db
    .selectFrom('question')
    .select('collection_count')
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  return Number(row.collection_count);
}

/** The id of the user's bookmark of the question, if any. */
export async function findBookmark(db: Db, userId: number, questionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('collection')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', questionId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertBookmark(
  db: Db,
  row: {
    id: string;
    user_id: number;
    object_id: string;
    user_collection_group_id: number;
    created_at: number;
    updated_at: number;
  },
): Promise<void> {
  await db.insertInto('collection').values(row).execute();
}

export async function deleteBookmark(db: Db, id: string): Promise<void> {
  await db.deleteFrom('collection').where('id', '=', id).execute();
}

/** The id of the user's default bookmark group, if it exists. */
export async function findDefaultGroup(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('collection_group')
    .select('id')
    .where('user_id', '=', userId)
    .where('default_group', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function insertGroup(
  db: Db,
  row: { id: number; user_id: number; name: string; default_group: number; created_at: number; updated_at: number },
): Promise<void> {
  await db.insertInto('collection_group').values(row).execute();
}
