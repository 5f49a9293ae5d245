import type { Kysely, Selectable, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import type { DB, NotificationTable } from '../../db/schema';

/** Every query of the e-mail notifications (modules/notify-mail). */

export type Db = Kysely<DB> | Transaction<DB>;
export type NoticeRow = Selectable<NotificationTable>;

/** A member as a mail needs them. */
export interface Member {
  id: number;
  username: string;
  display_name: string;
  e_mail: string;
  mail_status: number;
  status: number;
  language: string;
}

/** Inbox rows still waiting for the dispatcher, oldest first. */
export function pendingNotices(db: Db, limit: number): Promise<NoticeRow[]> {
  return db.selectFrom('notification').selectAll().where('mail_state', 'is', null).orderBy('id').limit(limit).execute();
}

/**
 * Compare-and-set of a row's mail state: from waiting (NULL) to `state`. True only for the one caller
 * whose statement changed it, so of several dispatchers exactly one handles a row.
 */
export async function settleNotice(db: Db, ids: number[], state: 'done' | 'failed'): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('notification')
    .set({ mail_state: state })
    .where('id', 'in', ids)
    .where('mail_state', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The same for a question's new-question mails. */
export async function settleQuestion(db: Db, id: string, state: 'done' | 'failed'): Promise<boolean> {
  const result = await db
    .updateTable('question')
    .set({ mail_state: state })
    .where('id', '=', id)
    .where('mail_state', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function membersByIds(db: Db, ids: number[]): Promise<Map<number, Member>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'e_mail', 'mail_status', 'status', 'language'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** The stored notification switches of these members. */
export function switchRows(
  db: Db,
  userIds: number[],
): Promise<Array<{ user_id: number; source: string; channels: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_notification_config')
    .select(['user_id', 'source', 'channels'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
}

/** Members with a stored row for `source` whose e-mail channel may be on (the caller checks it). */
export async function membersWithSource(db: Db, source: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_notification_config')
    .select('user_id')
    .where('source', '=', source)
    .where('channels', 'like', '%true%')
    .execute();
  return rows.map((r) => Number(r.user_id));
}

export interface QuestionFacts {
  id: string;
  user_id: number;
  title: string;
  status: number;
  show: number;
  created_at: number;
}

const QUESTION_COLUMNS = ['id', 'user_id', 'title', 'status', 'show', 'created_at'] as const;

/**
 * Questions still waiting for their new-question mails, oldest first. Questions in the review queue
 * (`queued`, status 11) are left for when a reviewer approved them, however long that takes (and so
 * never hold up the questions after them).
 */
export function pendingQuestions(db: Db, limit: number, queued: number): Promise<QuestionFacts[]> {
  return db
    .selectFrom('question')
    .select(QUESTION_COLUMNS)
    .where('mail_state', 'is', null)
    .where('status', '!=', queued)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function questionOwner(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('question').select('user_id').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** The tags (ids and names) of a question's live links. */
export function questionTags(
  db: Db,
  questionId: string,
  available: number,
): Promise<Array<{ id: string; display_name: string }>> {
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select(['tag.id', 'tag.display_name'])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', '=', available)
    .execute();
}

/** Of these members, how many new-question mails each got since `since`. */
export async function questionMailCounts(db: Db, userIds: number[], since: number): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notify_question_mail')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', 'in', userIds)
    .where('created_at', '>', since)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

export async function recordQuestionMail(db: Db, userId: number, questionId: string, now: number): Promise<void> {
  await db
    .insertInto('notify_question_mail')
    .values({ user_id: userId, question_id: questionId, created_at: now })
    .execute();
}

/** Listed questions open or closed, created in (since, until], in any of these tags, newest first. */
export function newQuestionsInTags(
  db: Db,
  tagIds: string[],
  window: { since: number; until: number },
  states: { statuses: number[]; listed: number; available: number },
  limit: number,
): Promise<QuestionFacts[]> {
  if (tagIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('question')
    .select(QUESTION_COLUMNS)
    .where('status', 'in', states.statuses)
    .where('show', '=', states.listed)
    .where('created_at', '>', window.since)
    .where('created_at', '<=', window.until)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_rel')
          .select('tag_rel.id')
          .whereRef('tag_rel.object_id', '=', 'question.id')
          .where('tag_rel.tag_id', 'in', tagIds)
          .where('tag_rel.status', '=', states.available),
      ),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** When the member's last digest went (undefined: never). */
export async function lastDigest(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('notify_digest')
    .select('last_sent_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.last_sent_at) : undefined;
}

/**
 * Records a digest for the member: a compare-and-set on the last time (it must still be `seen`), or
 * the first row. False when another run recorded one first (the caller then sends nothing).
 */
export async function claimDigest(trx: Transaction<DB>, userId: number, seen: number | undefined, now: number) {
  if (seen === undefined) {
    await trx.insertInto('notify_digest').values({ user_id: userId, last_sent_at: now }).execute();
    return true;
  }
  const result = await trx
    .updateTable('notify_digest')
    .set({ last_sent_at: now })
    .where('user_id', '=', userId)
    .where('last_sent_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes (or renews) a site-wide job lease: only while it is free, expired, or already this holder's.
 * The job's first claim makes its row; of two first claims the row's key lets one in.
 */
export async function claimLease(db: Kysely<DB>, name: string, holder: string, now: number, ms: number) {
  const result = await db
    .updateTable('job_lease')
    .set({ holder, until: now + ms })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('until', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  try {
    await db
      .insertInto('job_lease')
      .values({ name, holder, until: now + ms })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function releaseLease(db: Db, name: string, holder: string, now: number): Promise<void> {
  await db.updateTable('job_lease').set({ until: now }).where('name', '=', name).where('holder', '=', holder).execute();
}
