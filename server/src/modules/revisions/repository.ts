import type { Kysely, Transaction } from 'kysely';
import { nextId, OBJECT_TYPES } from '../../db/ids';
import type { DB } from '../../db/schema';
import { LIST_USER_COLUMNS } from '../profile/service';
import { REVISION_STATUS, SHOWN_STATUSES, type RevisedType, type RevisionRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

export interface NewRevision {
  objectType: RevisedType;
  objectId: string;
  userId: number;
  title: string;
  content: string;
  log: string;
  status: number;
  now: number;
}

/** Inserts a revision: its id. */
export async function insertRevision(trx: Transaction<DB>, revision: NewRevision): Promise<number> {
  const id = await nextId(trx, 'revision');
  await trx
    .insertInto('revision')
    .values({
      id,
      user_id: revision.userId,
      object_type: OBJECT_TYPES[revision.objectType],
      object_id: revision.objectId,
      title: revision.title,
      content: revision.content,
      log: revision.log,
      status: revision.status,
      review_user_id: null,
      created_at: revision.now,
      updated_at: revision.now,
    })
    .execute();
  return id;
}

/** The suggested edit of an object waiting for review, if any. */
export async function selectSuggestedId(db: Executor, objectId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('revision')
    .select('id')
    .where('object_id', '=', objectId)
    .where('status', '=', REVISION_STATUS.suggested)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function selectRevision(db: Executor, id: number): Promise<RevisionRow | undefined> {
  return db.selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The snapshot (content) of a revision, if it exists. */
export async function selectRevisionContent(db: Executor, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('revision').select('content').where('id', '=', id).executeTakeFirst();
  return row?.content;
}

/** The revisions a history shows, newest first. */
export async function selectShownRevisions(db: Executor, objectId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', 'in', SHOWN_STATUSES)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The shown revision of the object just before `revision` (what an edit changed), if any. */
export async function selectShownBefore(db: Executor, revision: RevisionRow): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', revision.object_id)
    .where('status', 'in', SHOWN_STATUSES)
    .where('id', '<', revision.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Moves a suggested edit to `status` (applied or rejected) for `reviewerId`: false when it is no longer suggested. */
export async function reviewRevision(
  trx: Transaction<DB>,
  id: number,
  status: number,
  reviewerId: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('revision')
    .set({ status, review_user_id: reviewerId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', REVISION_STATUS.suggested)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The authors of revisions, as user lists show them. */
export async function selectRevisionUsers(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('user').select(LIST_USER_COLUMNS).where('user.id', 'in', ids).execute();
}

/** The title of a question (the heading of its and its answers' revisions). */
export async function selectQuestionTitle(db: Executor, id: string): Promise<string> {
  const row = await db.selectFrom('question').select('title').where('id', '=', id).executeTakeFirst();
  return row?.title ?? '';
}

/** Tags a question snapshot names by id or slug, as posts show them. */
export async function selectSnapshotTags(db: Executor, ids: string[], slugs: string[]) {
  if (ids.length === 0 && slugs.length === 0) return [];
  return db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'display_name', 'main_tag_slug_name', 'recommend', 'reserved'])
    .where((eb) =>
      eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(slugs.length ? [eb('slug_name', 'in', slugs)] : [])]),
    )
    .execute();
}
