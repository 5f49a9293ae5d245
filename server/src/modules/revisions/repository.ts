import type { Kysely, Transaction } from 'kysely';
import { nextId, OBJECT_TYPES } from '../../db/ids';
import { compareAndSet } from '../../db/compare-and-set';
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
  return compareAndSet(
    trx,
    'revision',
    id,
    { column: 'status', from: REVISION_STATUS.suggested },
    { status, review_user_id: reviewerId, updated_at: now },
  );
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

/**
 * Whose review queue a query reads: the revision types the reviewer may audit, whether they are staff
 * (they see every object that is not deleted) and who they are (nobody reviews their own edits).
 */
export interface ReviewScope {
  userId: number;
  staff: boolean;
  types: readonly RevisedType[];
}

const LIVE_QUESTION = [1, 2];
const DELETED = 10;

/**
 * The revisions of the scope's types, not the reviewer's own, whose object the reviewer may see: for
 * staff any question, answer (of a question) or tag not deleted; for everyone else an open or closed,
 * listed question, an available answer of one, or an available tag.
 */
function inScope(db: Executor, scope: ReviewScope) {
  return db
    .selectFrom('revision')
    .where(
      'revision.object_type',
      'in',
      scope.types.map((type) => OBJECT_TYPES[type]),
    )
    .where('revision.user_id', '!=', scope.userId)
    .where((eb) => {
      const question = eb
        .selectFrom('question')
        .select('question.id')
        .whereRef('question.id', '=', 'revision.object_id');
      const answer = eb
        .selectFrom('answer')
        .innerJoin('question', 'question.id', 'answer.question_id')
        .select('answer.id')
        .whereRef('answer.id', '=', 'revision.object_id');
      const tag = eb
        .selectFrom('tag')
        .select('tag.id')
        .whereRef('tag.id', '=', 'revision.object_id')
        .where('tag.status', '=', 1);
      const branches = scope.staff
        ? [
            eb.exists(question.where('question.status', '!=', DELETED)),
            eb.exists(answer.where('answer.status', '!=', DELETED).where('question.status', '!=', DELETED)),
          ]
        : [
            eb.exists(question.where('question.status', 'in', LIVE_QUESTION).where('question.show', '=', 1)),
            eb.exists(
              answer
                .where('answer.status', '=', 1)
                .where('question.status', 'in', LIVE_QUESTION)
                .where('question.show', '=', 1),
            ),
          ];
      return eb.or([
        eb.and([eb('revision.object_type', '=', OBJECT_TYPES.question), branches[0]!]),
        eb.and([eb('revision.object_type', '=', OBJECT_TYPES.answer), branches[1]!]),
        eb.and([eb('revision.object_type', '=', OBJECT_TYPES.tag), eb.exists(tag)]),
      ]);
    });
}

/** How many suggested edits wait in the scope's queue (one COUNT on the status index). */
export async function countReviewable(db: Executor, scope: ReviewScope): Promise<number> {
  if (scope.types.length === 0) return 0;
  const row = await inScope(db, scope)
    .where('revision.status', '=', REVISION_STATUS.suggested)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The suggested edit at `offset` of the scope's queue, oldest first. */
export async function selectReviewable(
  db: Executor,
  scope: ReviewScope,
  offset: number,
): Promise<RevisionRow | undefined> {
  if (scope.types.length === 0) return undefined;
  return inScope(db, scope)
    .where('revision.status', '=', REVISION_STATUS.suggested)
    .selectAll('revision')
    .orderBy('revision.created_at')
    .orderBy('revision.id')
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
}

/** Whether revision `id` (suggested or already reviewed) is one the scope's reviewer may see. */
export async function isInScope(db: Executor, scope: ReviewScope, id: number): Promise<boolean> {
  if (scope.types.length === 0) return false;
  return !!(await inScope(db, scope).where('revision.id', '=', id).select('revision.id').executeTakeFirst());
}

/** An answer (with its question's title, counts and list status) as a review task shows it now. */
export function selectAnswerNow(db: Executor, id: string) {
  return db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .select([
      'answer.id',
      'answer.user_id',
      'answer.question_id',
      'answer.original_text',
      'answer.parsed_text',
      'answer.status',
      'answer.adopted',
      'answer.created_at',
      'question.title',
      'question.answer_count',
      'question.show',
    ])
    .where('answer.id', '=', id)
    .executeTakeFirst();
}

/** A tag as a review task shows it now. */
export function selectTagNow(db: Executor, id: string) {
  return db
    .selectFrom('tag')
    .select(['id', 'user_id', 'slug_name', 'display_name', 'original_text', 'parsed_text', 'status', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
