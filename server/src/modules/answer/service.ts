import type { AnswerAddBody, AnswerOrder } from '@agora/shared-api/contract';
import type { Kysely, Selectable } from 'kysely';
import { newObjectId, nextId, objectTypeOf, OBJECT_TYPES } from '../../db/ids';
import type { AnswerTable, DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, applyReputation, cancelReputation, recordActivity } from '../reputation';
import { writeTransaction } from '../../db/transaction';
import { isStaff, loadPostUsers, type Actor, type QuestionPostService, type QuestionRow } from '../question/posts';
import { QUESTION_STATUS } from '../question/repository';
import { linkPostUploads } from '../upload/links';
import { canSee } from '../visibility/rule';
import type { PostUserInfo } from '@agora/shared-api/contract';

/** answer.status (answer-api.md §3). */
export const ANSWER_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
export const ANSWER_MIN_LENGTH = 6;

export type AnswerRow = Selectable<AnswerTable>;

/**
 * Whether `actor` may delete the answer beyond holding answer.delete: staff any
 * answer; its author only while it has no up votes and is not accepted. DELETE answer and the
 * `delete` member action both ask this.
 */
export function answerDeletable(actor: Partial<Actor>, row: AnswerRow): boolean {
  if (row.status === ANSWER_STATUS.deleted) return false;
  if (isStaff(actor.roleId)) return true;
  return row.user_id === actor.userId && row.vote_count <= 0 && row.adopted !== 2;
}

/** Writes and reads of answers (answer-api.md §2.4 POST answer, GET answer/page). */
export class AnswerService {
  readonly #db: Kysely<DB>;
  readonly #questions: QuestionPostService;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, questions: QuestionPostService, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#questions = questions;
    this.#now = options.now ?? Date.now;
  }

  /** POST answer: the new answer's id. The question must be visible to the actor and open. */
  async add(actor: Actor, body: AnswerAddBody): Promise<string> {
    const content = body.content;
    if (content.trim() === '') throw ApiFailure.fields([{ field: 'content', reason: 'error.answer.content_empty' }]);
    if ([...content.trim()].length < ANSWER_MIN_LENGTH) {
      throw ApiFailure.fields([
        { field: 'content', reason: 'validation.min_length', params: { limit: ANSWER_MIN_LENGTH } },
      ]);
    }
    const html = renderPostHtml(content);
    if (html === '') throw ApiFailure.fields([{ field: 'content', reason: 'error.answer.content_empty' }]);
    const { row: question } = await this.#questions.view(body.question_id, actor);
    if (question.status !== QUESTION_STATUS.open)
      throw ApiFailure.badRequest('error.answer.question_closed_cannot_add');
    // restrict_answer (answer-api.md §2.4): one answer per member and question; a deleted one does not count.
    if ((await this.#questions.writeRules()).question.restrict_answer) {
      const earlier = await this.#db
        .selectFrom('answer')
        .select('id')
        .where('question_id', '=', question.id)
        .where('user_id', '=', actor.userId)
        .where('status', '!=', ANSWER_STATUS.deleted)
        .executeTakeFirst();
      if (earlier) throw ApiFailure.forbidden('error.answer.restrict_answer');
    }
    const answered = await this.#questions.configId('answer.answered');
    return this.#db.transaction().execute(async (trx) => {
      const now = this.#now();
      const id = await newObjectId(trx, 'answer');
      const revisionId = await nextId(trx, 'revision');
      await trx
        .insertInto('revision')
        .values({
          id: revisionId,
          user_id: actor.userId,
          object_type: OBJECT_TYPES.answer,
          object_id: id,
          title: question.title,
          content: JSON.stringify({ question_id: question.id, original_text: content }),
          log: '',
          status: 0,
          review_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('answer')
        .values({
          id,
          question_id: question.id,
          user_id: actor.userId,
          last_edit_user_id: null,
          original_text: content,
          parsed_text: html,
          status: ANSWER_STATUS.available,
          adopted: 1,
          revision_id: revisionId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await linkPostUploads(trx, id, content, now);
      await trx
        .updateTable('question')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1), last_answer_id: id, post_update_time: now }))
        .where('id', '=', question.id)
        .execute();
      await trx
        .updateTable('user')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
        .where('id', '=', actor.userId)
        .execute();
      await recordActivity(trx, {
        userId: actor.userId,
        objectId: id,
        originalObjectId: question.id,
        typeId: answered,
        revisionId,
        now,
      });
      return id;
    });
  }

  /**
   * One answer as `viewer` may see it (the visibility rule: its question seen, a deleted or pending
   * answer only by its author and staff), else 404 error.answer.not_found.
   */
  async one(rawId: string, viewer: Partial<Actor>): Promise<AnswerRow> {
    const id = rawId.trim();
    const notFound = () => ApiFailure.notFound('error.answer.not_found');
    if (objectTypeOf(id) !== 'answer') throw notFound();
    const row = await this.#db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .selectAll('answer')
      .select(['question.user_id as q_user_id', 'question.status as q_status', 'question.show as q_show'])
      .where('answer.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const { q_user_id, q_status, q_show, ...answer } = row;
    const question = { id: answer.question_id, user_id: q_user_id, status: q_status, show: q_show };
    if (!canSee(viewer, { question, answer })) throw notFound();
    return answer;
  }

  /**
   * The answers of a question the viewer may see: available ones, the viewer's own pending ones, and
   * deleted ones for staff (answer.delete is a role power).
   */
  async page(
    questionId: string,
    order: AnswerOrder,
    offset: number,
    limit: number,
    viewer: Partial<Actor>,
  ): Promise<{ count: number; rows: AnswerRow[]; question: QuestionRow }> {
    const { row: question } = await this.#questions.view(questionId, viewer);
    const visible = this.#db
      .selectFrom('answer')
      .where('question_id', '=', question.id)
      .where((eb) => {
        const parts = [eb('status', '=', ANSWER_STATUS.available)];
        if (viewer.userId !== undefined)
          parts.push(eb.and([eb('status', '=', ANSWER_STATUS.pending), eb('user_id', '=', viewer.userId)]));
        if (isStaff(viewer.roleId)) parts.push(eb('status', '=', ANSWER_STATUS.deleted));
        return eb.or(parts);
      });
    const countRow = await visible.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    let query = visible.selectAll();
    if (order === 'default') {
      query = query.orderBy('adopted', 'desc').orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
    } else if (order === 'updated') {
      query = query.orderBy('created_at', 'desc');
    } else if (order === 'created') {
      query = query.orderBy('created_at', 'asc');
    } else {
      query = query.orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
    }
    const rows = await query
      .orderBy('id', order === 'updated' ? 'desc' : 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { count: Number(countRow.n), rows, question };
  }

  /**
   * PUT answer: applied at once (owner, staff, answer.edit_without_review) with a new revision, or
   * stored as a suggested edit. 400 error.answer.cannot_update when deleted or an edit is waiting.
   */
  async edit(actor: Actor, row: AnswerRow, content: string, summary: string, applyNow: boolean): Promise<boolean> {
    if (row.status === ANSWER_STATUS.deleted) throw ApiFailure.badRequest('error.answer.cannot_update');
    if (content.trim() === '') throw ApiFailure.fields([{ field: 'content', reason: 'error.answer.content_empty' }]);
    if ([...content.trim()].length < ANSWER_MIN_LENGTH) {
      throw ApiFailure.fields([
        { field: 'content', reason: 'validation.min_length', params: { limit: ANSWER_MIN_LENGTH } },
      ]);
    }
    const html = renderPostHtml(content);
    if (html === '') throw ApiFailure.fields([{ field: 'content', reason: 'error.answer.content_empty' }]);
    const waiting = await this.#db
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', row.id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (waiting) throw ApiFailure.badRequest('error.answer.cannot_update');
    const edited = await this.#questions.configId('answer.edited');
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#now();
      const revisionId = await nextId(trx, 'revision');
      await trx
        .insertInto('revision')
        .values({
          id: revisionId,
          user_id: actor.userId,
          object_type: OBJECT_TYPES.answer,
          object_id: row.id,
          title: '',
          content: JSON.stringify({ question_id: row.question_id, original_text: content }),
          log: summary,
          status: applyNow ? 2 : 1,
          review_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (!applyNow) return;
      await trx
        .updateTable('answer')
        .set({
          original_text: content,
          parsed_text: html,
          last_edit_user_id: actor.userId,
          revision_id: revisionId,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await linkPostUploads(trx, row.id, content, now);
      await trx.updateTable('question').set({ post_update_time: now }).where('id', '=', row.question_id).execute();
      await recordActivity(trx, {
        userId: actor.userId,
        objectId: row.id,
        originalObjectId: row.question_id,
        typeId: edited,
        revisionId,
        now,
      });
    });
    return !applyNow;
  }

  /**
   * POST answer/acceptance: `answerId` becomes the accepted answer ('' un-accepts). The answer author
   * gets answer.accepted (+15) and the question author answer.accept (+2), not for their own answer;
   * the previous accept's reputation is given back.
   */
  async accept(questionId: string, answerId: string, viewer: Actor): Promise<void> {
    const { row: question } = await this.#questions.view(questionId, viewer);
    let answer: AnswerRow | undefined;
    if (answerId !== '') {
      answer = await this.one(answerId, viewer);
      if (answer.question_id !== question.id || answer.status !== ANSWER_STATUS.available) {
        throw ApiFailure.notFound('error.answer.not_found');
      }
    }
    if ((answer?.id ?? null) === question.accepted_answer_id) return;
    const types = await activityTypes(this.#db, ['answer.accepted', 'answer.accept']);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const previous = question.accepted_answer_id;
      if (previous) {
        await trx.updateTable('answer').set({ adopted: 1, updated_at: now }).where('id', '=', previous).execute();
        const old = await trx
          .selectFrom('activity')
          .select('id')
          .where('object_id', '=', previous)
          .where('activity_type', 'in', [...types.values()])
          .where('cancelled', '=', 0)
          .execute();
        for (const activity of old) await cancelReputation(trx, Number(activity.id), now);
      }
      await trx
        .updateTable('question')
        .set({ accepted_answer_id: answer?.id ?? null, updated_at: now })
        .where('id', '=', question.id)
        .execute();
      if (!answer) return;
      await trx.updateTable('answer').set({ adopted: 2, updated_at: now }).where('id', '=', answer.id).execute();
      if (answer.user_id === question.user_id) return;
      const base = { objectId: answer.id, originalObjectId: question.id, now };
      await applyReputation(trx, {
        ...base,
        userId: answer.user_id,
        key: 'answer.accepted',
        triggerUserId: viewer.userId,
      });
      await applyReputation(trx, { ...base, userId: question.user_id, key: 'answer.accept' });
    });
  }

  /**
   * DELETE answer. Staff may delete any answer; the owner (checked by the route) only one without up
   * votes that is not accepted: else 400 error.answer.cannot_deleted.
   */
  async remove(actor: Actor, row: AnswerRow): Promise<void> {
    if (row.status === ANSWER_STATUS.deleted) return;
    if (!answerDeletable(actor, row)) throw ApiFailure.badRequest('error.answer.cannot_deleted');
    // Read before the transaction: SQLite has one connection, held by the transaction.
    const deleted = await this.#questions.configId('answer.deleted');
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#now();
      await trx
        .updateTable('answer')
        .set({ status: ANSWER_STATUS.deleted, adopted: 1, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      if (row.status === ANSWER_STATUS.available) {
        await trx
          .updateTable('question')
          .set((eb) => ({ answer_count: eb('answer_count', '-', 1) }))
          .where('id', '=', row.question_id)
          .where('answer_count', '>', 0)
          .execute();
        await trx
          .updateTable('user')
          .set((eb) => ({ answer_count: eb('answer_count', '-', 1) }))
          .where('id', '=', row.user_id)
          .where('answer_count', '>', 0)
          .execute();
      }
      await trx
        .updateTable('question')
        .set({ accepted_answer_id: null })
        .where('id', '=', row.question_id)
        .where('accepted_answer_id', '=', row.id)
        .execute();
      await recordActivity(trx, {
        userId: actor.userId,
        objectId: row.id,
        originalObjectId: row.question_id,
        typeId: deleted,
        now,
      });
    });
  }

  users(ids: number[]): Promise<Map<number, PostUserInfo>> {
    return loadPostUsers(this.#db, ids);
  }
}
