import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { PersonalOrder } from '@agora/shared-api/contract';
import type { DB } from '../../db/schema';
import { isStaff, type Viewer } from '../profile/mapping';

/**
 * Every query of the member pages: a member's questions, answers, comments, reputation changes, own
 * votes and bookmarks, each as far as the viewer may see them, and what activity rows point at.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** How much of a post's text the pages read for an excerpt. */
const EXCERPT_CHARS = 1500;

/**
 * Which questions a viewer may see: staff every question that is not deleted; the author also their
 * own pending and unlisted ones; everyone else open or closed, listed questions only. Deleted
 * questions never appear in member pages.
 */
function questionVisible(eb: ExpressionBuilder<DB, 'question'>, viewer: Viewer | null): Expression<SqlBool> {
  const status = eb.ref('question.status');
  if (isStaff(viewer)) return eb(status, 'in', [1, 2, 11]);
  const open = eb.and([eb(status, 'in', [1, 2]), eb(eb.ref('question.show'), '=', 1)]);
  if (!viewer) return open;
  return eb.or([open, eb.and([eb(status, 'in', [1, 2, 11]), eb(eb.ref('question.user_id'), '=', viewer.userId)])]);
}

const QUESTION_ORDER: Record<
  PersonalOrder,
  Array<'created_at' | 'post_update_time' | 'hot_score' | 'vote_count' | 'view_count'>
> = {
  newest: ['created_at'],
  active: ['post_update_time'],
  hot: ['hot_score'],
  score: ['vote_count', 'view_count'],
  unanswered: ['created_at'],
};

/** The tags (available, on a live relation) of these questions, in the order they were added. */
export function tagsOfQuestions(db: Db, questionIds: string[]) {
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select([
      'tag_rel.object_id',
      'tag.slug_name',
      'tag.display_name',
      'tag.main_tag_slug_name',
      'tag.recommend',
      'tag.reserved',
    ])
    .where('tag_rel.object_id', 'in', [...new Set(questionIds)])
    .where('tag_rel.status', 'in', [1, 2])
    .where('tag.status', '=', 1)
    .orderBy('tag_rel.id')
    .execute();
}

function questionQuery(db: Db, ownerId: number, viewer: Viewer | null, order: PersonalOrder) {
  let query = db
    .selectFrom('question')
    .where('question.user_id', '=', ownerId)
    .where((eb) => questionVisible(eb, viewer));
  if (order === 'unanswered') query = query.where('question.status', '=', 1).where('question.answer_count', '=', 0);
  return query;
}

export async function countQuestions(db: Db, ownerId: number, viewer: Viewer | null, order: PersonalOrder) {
  const row = await questionQuery(db, ownerId, viewer, order)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listQuestions(
  db: Db,
  ownerId: number,
  viewer: Viewer | null,
  order: PersonalOrder,
  page: { offset: number; limit: number },
) {
  let query = questionQuery(db, ownerId, viewer, order).select([
    'question.id',
    'question.title',
    'question.vote_count',
    'question.view_count',
    'question.answer_count',
    'question.collection_count',
    'question.created_at',
    'question.accepted_answer_id',
    'question.status',
    'question.show',
  ]);
  for (const column of QUESTION_ORDER[order]) query = query.orderBy(`question.${column}`, 'desc');
  return query.orderBy('question.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** A member's answers the viewer may see: own (or staff) pending ones too, on visible questions only. */
function answerQuery(db: Db, ownerId: number, viewer: Viewer | null) {
  const own = viewer?.userId === ownerId || isStaff(viewer);
  return db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .where('answer.user_id', '=', ownerId)
    .where('answer.status', 'in', own ? [1, 11] : [1])
    .where((eb) => questionVisible(eb, viewer));
}

export async function countAnswers(db: Db, ownerId: number, viewer: Viewer | null) {
  const row = await answerQuery(db, ownerId, viewer)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders: score = most votes first, active = last edited first, else newest. */
export function listAnswers(
  db: Db,
  ownerId: number,
  viewer: Viewer | null,
  order: PersonalOrder,
  page: { offset: number; limit: number },
) {
  let query = answerQuery(db, ownerId, viewer).select([
    'answer.id',
    'answer.question_id',
    'answer.adopted',
    'answer.vote_count',
    'answer.created_at',
    'answer.updated_at',
    'question.title',
  ]);
  if (order === 'score') query = query.orderBy('answer.vote_count', 'desc');
  if (order === 'active') query = query.orderBy('answer.updated_at', 'desc');
  return query
    .orderBy('answer.created_at', 'desc')
    .orderBy('answer.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A member's comments the viewer may see: on visible questions, and on answers the viewer may see. */
function commentQuery(db: Db, ownerId: number, viewer: Viewer | null) {
  const own = viewer?.userId === ownerId || isStaff(viewer);
  return db
    .selectFrom('comment')
    .innerJoin('question', 'question.id', 'comment.question_id')
    .leftJoin('answer', 'answer.id', 'comment.object_id')
    .where('comment.user_id', '=', ownerId)
    .where('comment.status', 'in', own ? [1, 11] : [1])
    .where((eb) => questionVisible(eb as unknown as ExpressionBuilder<DB, 'question'>, viewer))
    .where((eb) =>
      eb.or([
        eb('answer.id', 'is', null),
        eb('answer.status', '=', 1),
        ...(isStaff(viewer) ? [eb('answer.status', '=', 11)] : []),
      ]),
    );
}

export async function countComments(db: Db, ownerId: number, viewer: Viewer | null) {
  const row = await commentQuery(db, ownerId, viewer)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export function listComments(db: Db, ownerId: number, viewer: Viewer | null, page: { offset: number; limit: number }) {
  return commentQuery(db, ownerId, viewer)
    .select([
      'comment.id',
      'comment.created_at',
      'comment.object_id',
      'comment.question_id',
      'comment.parsed_text',
      'question.title',
      'answer.id as answer_id',
    ])
    .orderBy('comment.created_at', 'desc')
    .orderBy('comment.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function commentsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('comment')
    .select(['id', 'object_id', 'question_id', 'status', 'user_id', 'parsed_text'])
    .where('id', 'in', ids)
    .execute();
}

/** Answers with the start of their text (`body`). */
export function answerExcerpts(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('answer')
    .select([
      'id',
      'question_id',
      'status',
      'user_id',
      sql<string>`substr(parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Questions with the start of their text (`body`). */
export function questionExcerpts(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('question')
    .select([
      'id',
      'title',
      'status',
      'show',
      'user_id',
      sql<string>`substr(parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** A member's reputation changes that count (not cancelled). */
function rankQuery(db: Db, ownerId: number) {
  return db
    .selectFrom('activity')
    .where('activity.user_id', '=', ownerId)
    .where('activity.has_rank', '=', 1)
    .where('activity.cancelled', '=', 0);
}

export async function countRankChanges(db: Db, ownerId: number) {
  const row = await rankQuery(db, ownerId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export function listRankChanges(db: Db, ownerId: number, page: { offset: number; limit: number }) {
  return rankQuery(db, ownerId)
    .select(['activity.object_id', 'activity.activity_type', 'activity.rank', 'activity.created_at'])
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A member's own votes (activities of these types they triggered themselves, not cancelled). */
function voteQuery(db: Db, userId: number, voteTypes: number[]) {
  return db
    .selectFrom('activity')
    .where('activity.user_id', '=', userId)
    .where('activity.trigger_user_id', '=', 0)
    .where('activity.activity_type', 'in', voteTypes)
    .where('activity.cancelled', '=', 0);
}

export async function countVotes(db: Db, userId: number, voteTypes: number[]) {
  const row = await voteQuery(db, userId, voteTypes)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export function listVotes(db: Db, userId: number, voteTypes: number[], page: { offset: number; limit: number }) {
  return voteQuery(db, userId, voteTypes)
    .select(['activity.object_id', 'activity.activity_type', 'activity.created_at'])
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A member's bookmarks of questions the member may still see. */
function collectionQuery(db: Db, viewer: Viewer) {
  return db
    .selectFrom('collection')
    .innerJoin('question', 'question.id', 'collection.object_id')
    .where('collection.user_id', '=', viewer.userId)
    .where((eb) => questionVisible(eb as unknown as ExpressionBuilder<DB, 'question'>, viewer));
}

export async function countCollected(db: Db, viewer: Viewer) {
  const row = await collectionQuery(db, viewer)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest bookmark first. */
export function listCollected(db: Db, viewer: Viewer, page: { offset: number; limit: number }) {
  return collectionQuery(db, viewer)
    .select([
      'question.id',
      'question.user_id',
      'question.title',
      sql<string>`substr(question.parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
      'question.view_count',
      'question.unique_view_count',
      'question.vote_count',
      'question.answer_count',
      'question.collection_count',
      'question.follow_count',
      'question.accepted_answer_id',
      'question.last_answer_id',
      'question.created_at',
      'question.post_update_time',
      'question.status',
      'question.pin',
      'question.show',
    ])
    .orderBy('collection.created_at', 'desc')
    .orderBy('collection.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
