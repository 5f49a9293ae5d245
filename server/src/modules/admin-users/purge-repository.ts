import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * DELETE delete/permanently: the rows a purge removes, kind by kind. A purged question takes its
 * answers and comments with it; a purged post takes everything that names it (activity, revisions,
 * meta, flags, review tasks, notifications, bookmarks, links, tag links, upload links). The repeat
 * deletion records (post_deletion) stay: they are the rule's memory of who lost posts.
 */
type Trx = Transaction<DB>;

const DELETED = 10;
/** Ids per statement: every database takes this many parameters in an IN list. */
export const PURGE_CHUNK = 200;

/**
 * What the audit log calls the rows a purge takes: usernames, question titles, answer ids (in the
 * order of `ids`).
 */
export async function purgedNames(
  db: Kysely<DB>,
  type: 'users' | 'questions' | 'answers',
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0 || type === 'answers') return ids;
  const rows =
    type === 'users'
      ? (
          await db.selectFrom('user').select(['id', 'username as name']).where('id', 'in', ids.map(Number)).execute()
        ).map((r) => ({ id: String(r.id), name: r.name }))
      : await db.selectFrom('question').select(['id', 'title as name']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [String(r.id), r.name]));
  return ids.map((id) => byId.get(id) ?? id);
}

export async function deletedIds(db: Kysely<DB>, table: 'question' | 'answer'): Promise<string[]> {
  const rows = await db.selectFrom(table).select('id').where('status', '=', DELETED).execute();
  return rows.map((r) => r.id);
}

/** Rows that name these objects (posts or comments), wherever they hang. */
async function deleteObjectRows(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('activity').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('meta').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('report').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('review').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('notification').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('upload_link').where('object_id', 'in', ids).execute();
}

/** Comments on these posts (and replies pointing at them), with their rows. */
async function deleteCommentsOn(trx: Trx, column: 'question_id' | 'object_id', ids: string[]): Promise<void> {
  const comments = await trx.selectFrom('comment').select('id').where(column, 'in', ids).execute();
  const commentIds = comments.map((c) => c.id);
  if (commentIds.length === 0) return;
  await deleteObjectRows(trx, commentIds);
  await trx
    .updateTable('comment')
    .set({ reply_comment_id: null })
    .where('reply_comment_id', 'in', commentIds)
    .execute();
  await trx.deleteFrom('comment').where('id', 'in', commentIds).execute();
}

/** Questions whose last answer is one of these get their newest remaining available answer instead. */
async function refreshLastAnswers(trx: Trx, answerIds: string[]): Promise<void> {
  await trx
    .updateTable('question')
    .set({
      last_answer_id: sql`(select a.id from answer a where a.question_id = question.id and a.status = 1 and a.id not in (${sql.join(answerIds)}) order by a.created_at desc, a.id desc limit 1)`,
    })
    .where('last_answer_id', 'in', answerIds)
    .execute();
}

/** A member's answer_count, `n` fewer (never below 0). */
async function uncountAnswers(trx: Trx, userId: number, n: number): Promise<void> {
  await trx
    .updateTable('user')
    .set({ answer_count: sql`case when answer_count > ${n} then answer_count - ${n} else 0 end` })
    .where('id', '=', userId)
    .execute();
}

/** Purges these answers (any status) and what hangs off them. */
export async function purgeAnswers(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // Available answers (under a deleted question) still count for their author and question.
  const live = await trx
    .selectFrom('answer')
    .select(['user_id', (eb) => eb.fn.countAll().as('n')])
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .groupBy('user_id')
    .execute();
  for (const row of live) await uncountAnswers(trx, Number(row.user_id), Number(row.n));
  await deleteCommentsOn(trx, 'object_id', ids);
  await deleteObjectRows(trx, ids);
  await trx.deleteFrom('revision').where('object_id', 'in', ids).where('object_type', '=', 2).execute();
  await trx
    .deleteFrom('question_link')
    .where((eb) => eb.or([eb('from_answer_id', 'in', ids), eb('to_answer_id', 'in', ids)]))
    .execute();
  await trx.updateTable('question').set({ accepted_answer_id: null }).where('accepted_answer_id', 'in', ids).execute();
  await refreshLastAnswers(trx, ids);
  await trx.deleteFrom('answer').where('id', 'in', ids).execute();
}

/** Purges these questions (any status) with their answers, comments and every row naming them. */
export async function purgeQuestions(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const answers = await trx.selectFrom('answer').select('id').where('question_id', 'in', ids).execute();
  for (let i = 0; i < answers.length; i += PURGE_CHUNK) {
    await purgeAnswers(
      trx,
      answers.slice(i, i + PURGE_CHUNK).map((a) => a.id),
    );
  }
  await deleteCommentsOn(trx, 'question_id', ids);
  await deleteObjectRows(trx, ids);
  await trx.deleteFrom('activity').where('original_object_id', 'in', ids).execute();
  await trx.deleteFrom('revision').where('object_id', 'in', ids).where('object_type', '=', 1).execute();
  await trx.deleteFrom('collection').where('object_id', 'in', ids).execute();
  await trx
    .deleteFrom('question_link')
    .where((eb) => eb.or([eb('from_question_id', 'in', ids), eb('to_question_id', 'in', ids)]))
    .execute();
  await trx.deleteFrom('tag_rel').where('object_id', 'in', ids).execute();
  await trx.deleteFrom('question').where('id', 'in', ids).execute();
}

/**
 * Deleted accounts that can go: every post of theirs is deleted, and none of their edits is a
 * revision of a post or tag someone else owns (that history stays, and with it the account).
 */
export async function purgeableUsers(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('user as u')
    .select('u.id')
    .where('u.status', '=', DELETED)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('question')
            .select('question.id')
            .whereRef('question.user_id', '=', 'u.id')
            .where('question.status', '<>', DELETED),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('answer')
            .select('answer.id')
            .whereRef('answer.user_id', '=', 'u.id')
            .where('answer.status', '<>', DELETED),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('comment')
            .select('comment.id')
            .whereRef('comment.user_id', '=', 'u.id')
            .where('comment.status', '<>', DELETED),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revision')
            .select('revision.id')
            .whereRef('revision.user_id', '=', 'u.id')
            .where(({ or, exists: has, selectFrom: from }) =>
              or([
                has(
                  from('question')
                    .select('question.id')
                    .whereRef('question.id', '=', 'revision.object_id')
                    .whereRef('question.user_id', '<>', 'u.id'),
                ),
                has(
                  from('answer')
                    .select('answer.id')
                    .whereRef('answer.id', '=', 'revision.object_id')
                    .whereRef('answer.user_id', '<>', 'u.id'),
                ),
                has(from('tag').select('tag.id').whereRef('tag.id', '=', 'revision.object_id')),
              ]),
            ),
        ),
      ),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Purges these deleted accounts: their (deleted) posts first, then every row of theirs. */
export async function purgeUsers(trx: Trx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const questions = await trx.selectFrom('question').select('id').where('user_id', 'in', ids).execute();
  for (let i = 0; i < questions.length; i += PURGE_CHUNK) {
    await purgeQuestions(
      trx,
      questions.slice(i, i + PURGE_CHUNK).map((q) => q.id),
    );
  }
  const answers = await trx.selectFrom('answer').select('id').where('user_id', 'in', ids).execute();
  for (let i = 0; i < answers.length; i += PURGE_CHUNK) {
    await purgeAnswers(
      trx,
      answers.slice(i, i + PURGE_CHUNK).map((a) => a.id),
    );
  }
  const comments = await trx.selectFrom('comment').select('id').where('user_id', 'in', ids).execute();
  const commentIds = comments.map((c) => c.id);
  for (let i = 0; i < commentIds.length; i += PURGE_CHUNK) {
    const chunk = commentIds.slice(i, i + PURGE_CHUNK);
    await deleteObjectRows(trx, chunk);
    await trx.updateTable('comment').set({ reply_comment_id: null }).where('reply_comment_id', 'in', chunk).execute();
    await trx.deleteFrom('comment').where('id', 'in', chunk).execute();
  }
  const keys = ids.map(String);
  await trx.updateTable('comment').set({ reply_user_id: null }).where('reply_user_id', 'in', ids).execute();
  await trx.updateTable('question').set({ last_edit_user_id: null }).where('last_edit_user_id', 'in', ids).execute();
  await trx.updateTable('answer').set({ last_edit_user_id: null }).where('last_edit_user_id', 'in', ids).execute();
  await trx.updateTable('tag').set({ user_id: null }).where('user_id', 'in', ids).execute();
  await trx.updateTable('revision').set({ review_user_id: null }).where('review_user_id', 'in', ids).execute();
  await trx.updateTable('review').set({ reviewer_user_id: null }).where('reviewer_user_id', 'in', ids).execute();
  // Their own revisions are all of their own (purged) posts or none; the check above made sure.
  await trx.deleteFrom('revision').where('user_id', 'in', ids).execute();
  // Their activity, what they triggered on others (votes, accepts) and what names them (follows, staff actions).
  await trx
    .deleteFrom('activity')
    .where((eb) => eb.or([eb('user_id', 'in', ids), eb('trigger_user_id', 'in', ids), eb('object_id', 'in', keys)]))
    .execute();
  await trx.deleteFrom('collection').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('collection_group').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('notification').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('notification_seen').where('user_id', 'in', ids).execute();
  await trx
    .deleteFrom('report')
    .where((eb) => eb.or([eb('user_id', 'in', ids), eb('reported_user_id', 'in', ids)]))
    .execute();
  await trx.deleteFrom('review').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('post_deletion').where('user_id', 'in', ids).execute();
  // Their badge awards go; each badge then counts the members who still hold it.
  await trx.deleteFrom('badge_award').where('user_id', 'in', ids).execute();
  await trx
    .updateTable('badge')
    .set((eb) => ({
      award_count: eb
        .selectFrom('badge_award')
        .select((b) => b.fn.count<number>('badge_award.user_id').distinct().as('n'))
        .whereRef('badge_award.badge_id', '=', 'badge.id'),
    }))
    .execute();
  await trx.deleteFrom('user_notification_config').where('user_id', 'in', ids).execute();
  await trx
    .deleteFrom('upload_link')
    .where('upload_id', 'in', trx.selectFrom('upload').select('id').where('user_id', 'in', ids))
    .execute();
  await trx.deleteFrom('upload').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('session').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('account_token').where('user_id', 'in', ids).execute();
  await trx
    .deleteFrom('captcha_action_record')
    .where(
      'unit',
      'in',
      ids.map((id) => `user:${id}`),
    )
    .execute();
  await trx.deleteFrom('user').where('id', 'in', ids).execute();
}
