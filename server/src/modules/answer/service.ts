import type { AnswerAddBody, AnswerOrder, PostUserInfo } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { newObjectId, objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { lockRow } from '../../db/lock-row';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { notifyInbox, postNotice } from '../notification/inbox';
import { isStaff, type Actor } from '../post/actor';
import { QUESTION_STATUS } from '../post/table';
import { changeStatus, type AlsoInTransaction } from '../post/transition';
import { loadPostUsers, type QuestionPostService, type QuestionRow } from '../question/posts';
import { activityTypes, applyReputation, cancelReputation, lockMembers, recordActivity } from '../reputation';
import { refuseWhileSuggested, writeCreation, writeEdit } from '../revisions/service';
import { linkPostUploads } from '../upload/links';
import { canSee } from '../visibility/rule';
import { publishAnswer } from './queued';
import {
  countQuestionAnswer,
  countUserAnswer,
  hasAnsweredBefore,
  insertAnswer,
  lockAcceptedAnswer,
  selectActiveActivities,
  selectAnswerPage,
  selectAnswerWithQuestion,
  selectLastAnswerId,
  selectQuestionTitle,
  selectQuestionsByIds,
  uncountQuestionAnswer,
  updateAnswer,
  updateQuestionOfAnswer,
} from './repository';
import { applyAnswerRevision } from './revision-applier';
import { ADOPTED, ANSWER_MIN_LENGTH, ANSWER_STATUS, type AnswerRow } from './table';

export { ANSWER_MIN_LENGTH, ANSWER_STATUS, type AnswerRow } from './table';

/**
 * Whether `actor` may delete the answer beyond holding answer.delete: staff any answer; its author only
 * while it has no up votes and is not accepted. DELETE answer and the `delete` member action both ask this.
 */
export function answerDeletable(actor: Partial<Actor>, row: AnswerRow): boolean {
  if (row.status === ANSWER_STATUS.deleted) return false;
  if (isStaff(actor.roleId)) return true;
  return row.user_id === actor.userId && row.vote_count <= 0 && row.adopted !== ADOPTED.yes;
}

/** An answer's body: its HTML, or the field failure (empty, shorter than ANSWER_MIN_LENGTH). */
function answerHtml(content: string): string {
  const empty = () => ApiFailure.fields([{ field: 'content', reason: 'error.answer.content_empty' }]);
  if (content.trim() === '') throw empty();
  if ([...content.trim()].length < ANSWER_MIN_LENGTH)
    throw ApiFailure.fields([
      { field: 'content', reason: 'validation.min_length', params: { limit: ANSWER_MIN_LENGTH } },
    ]);
  const html = renderPostHtml(content);
  if (html === '') throw empty();
  return html;
}

/** Writes and reads of answers: answer, show, list, edit, accept, delete, undelete. */
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
    const html = answerHtml(content);
    const { row: question } = await this.#questions.view(body.question_id, actor);
    // The author of a queued question may answer it (asking and answering at once): the answer waits with it.
    const parentQueued = question.status === QUESTION_STATUS.pending && question.user_id === actor.userId;
    if (question.status !== QUESTION_STATUS.open && !parentQueued)
      throw ApiFailure.badRequest('error.answer.question_closed_cannot_add');
    const queue = this.#questions.queue;
    await queue.refuseIfBlocked(actor);
    // restrict_answer: one answer per member and question; a deleted one does not count.
    if ((await this.#questions.writeRules()).question.restrict_answer) {
      if (await hasAnsweredBefore(this.#db, question.id, actor.userId))
        throw ApiFailure.forbidden('error.answer.restrict_answer');
    }
    const answered = await this.#questions.configId('answer.answered');
    const policy = await queue.policy(actor);
    return writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const post = { type: 'answer' as const, authorId: actor.userId, title: '', body: content, parentQueued };
      // The question, then the author, locked for writing before the insert refers to them (the lock
      // order of the reputation module): on MySQL the insert's foreign keys take shared locks on both, and
      // two answers that then counted on them deadlocked, again on every retry.
      await lockRow(trx, 'question', question.id);
      await lockMembers(trx, [actor.userId]);
      const queued = await queue.decide(trx, policy, post);
      const id = await newObjectId(trx, 'answer');
      const revisionId = await writeCreation(
        trx,
        {
          objectType: 'answer',
          objectId: id,
          userId: actor.userId,
          title: question.title,
          snapshot: { question_id: question.id, original_text: content },
        },
        now,
      );
      await insertAnswer(trx, {
        id,
        question_id: question.id,
        user_id: actor.userId,
        last_edit_user_id: null,
        original_text: content,
        parsed_text: html,
        status: queued ? ANSWER_STATUS.pending : ANSWER_STATUS.available,
        adopted: ADOPTED.no,
        revision_id: revisionId,
        created_at: now,
        updated_at: now,
      });
      await linkPostUploads(trx, id, content, now);
      if (queued) await queue.enqueue(trx, queued, { id, type: 'answer', authorId: actor.userId }, now);
      else {
        const asked = { userId: question.user_id, title: question.title, show: question.show };
        await publishAnswer(trx, { id, question_id: question.id, user_id: actor.userId }, asked, now);
      }
      const activity = { userId: actor.userId, objectId: id, originalObjectId: question.id };
      await recordActivity(trx, { ...activity, typeId: answered, revisionId, now });
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
    const row = await selectAnswerWithQuestion(this.#db, id);
    if (!row) throw notFound();
    const { q_user_id, q_status, q_show, ...answer } = row;
    const question = { id: answer.question_id, user_id: q_user_id, status: q_status, show: q_show };
    if (!canSee(viewer, { question, answer })) throw notFound();
    return answer;
  }

  /**
   * The answers of a question the viewer may see: available ones, the viewer's own pending ones, and
   * for staff every pending (queued) and deleted one (answer.delete is a role power).
   */
  async page(
    questionId: string,
    order: AnswerOrder,
    offset: number,
    limit: number,
    viewer: Partial<Actor>,
  ): Promise<{ count: number; rows: AnswerRow[]; question: QuestionRow }> {
    const { row: question } = await this.#questions.view(questionId, viewer);
    const { count, rows } = await selectAnswerPage(this.#db, {
      questionId: question.id,
      ...this.#seenBy(viewer),
      order,
      offset,
      limit,
    });
    return { count, rows, question };
  }

  /**
   * GET answer/page without a question: the answers of every question, paged in `order`, as far as
   * the viewer may see them (the question page's rule for answers; the visibility rule for their
   * questions), with those questions by id.
   */
  async pageAll(
    order: AnswerOrder,
    offset: number,
    limit: number,
    viewer: Partial<Actor>,
  ): Promise<{ count: number; rows: AnswerRow[]; questions: Map<string, QuestionRow> }> {
    const { count, rows } = await selectAnswerPage(this.#db, { ...this.#seenBy(viewer), order, offset, limit });
    const questions = await selectQuestionsByIds(
      this.#db,
      rows.map((row) => row.question_id),
    );
    return { count, rows, questions: new Map(questions.map((q) => [q.id, q])) };
  }

  #seenBy(viewer: Partial<Actor>) {
    return {
      seenBy: viewer,
      ...(viewer.userId !== undefined ? { ownPendingOf: viewer.userId } : {}),
      staff: isStaff(viewer.roleId),
    };
  }

  /**
   * PUT answer: applied at once (owner, staff, answer.edit_without_review) with a new revision, or
   * stored as a suggested edit. 400 error.answer.cannot_update when deleted or an edit is waiting.
   * True when the edit waits for review. `also` runs in the edit's transaction. An edit applied by
   * someone else tells the answer's author (update_answer, with `reason` when the caller has one).
   */
  async edit(
    actor: Actor,
    row: AnswerRow,
    content: string,
    summary: string,
    applyNow: boolean,
    also?: AlsoInTransaction,
    reason?: string,
  ): Promise<boolean> {
    if (row.status === ANSWER_STATUS.deleted) throw ApiFailure.badRequest('error.answer.cannot_update');
    answerHtml(content); // the body's field failures (empty, too short) before anything is written
    await refuseWhileSuggested(this.#db, row.id, 'error.answer.cannot_update');
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const draft = {
        objectType: 'answer' as const,
        objectId: row.id,
        userId: actor.userId,
        title: '',
        snapshot: { question_id: row.question_id, original_text: content },
        log: summary,
      };
      await writeEdit(trx, draft, { applyNow, apply: applyAnswerRevision }, now);
      if (applyNow) {
        const object = await this.#notice(trx, row);
        await notifyInbox(trx, [
          { userId: row.user_id, triggerUserId: actor.userId, action: 'update_answer', object, reason, now },
        ]);
      }
      await also?.(trx, now);
    });
    return !applyNow;
  }

  /**
   * POST answer/acceptance: `answerId` becomes the accepted answer ('' un-accepts). The answer author
   * gets answer.accepted (+15) and the question author answer.accept (+2), not for their own answer;
   * the previous accept's reputation is given back. The answer's author is told (accept_answer) unless
   * they accepted it themselves.
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
      // The reputation lock order: the question, its answers, the members by id, the activity counter.
      // The accepted answer is read under the question's lock: a concurrent accept has committed by then.
      const locked = await lockAcceptedAnswer(trx, question.id);
      if (!locked) throw ApiFailure.notFound('error.question.not_found');
      const previous = locked.accepted;
      if ((answer?.id ?? null) === previous) return;
      if (previous) await updateAnswer(trx, previous, { adopted: ADOPTED.no, updated_at: now });
      if (answer) await updateAnswer(trx, answer.id, { adopted: ADOPTED.yes, updated_at: now });
      const old = previous ? await selectActiveActivities(trx, previous, [...types.values()]) : [];
      const members = [question.user_id, ...old.map((a) => Number(a.user_id))];
      await lockMembers(trx, answer ? [...members, answer.user_id] : members);
      for (const activity of old) await cancelReputation(trx, Number(activity.id), now);
      await updateQuestionOfAnswer(trx, question.id, { accepted_answer_id: answer?.id ?? null, updated_at: now });
      if (!answer) return;
      const object = postNotice({ questionId: question.id, title: question.title, answerId: answer.id });
      await notifyInbox(trx, [
        { userId: answer.user_id, triggerUserId: viewer.userId, action: 'accept_answer', object, now },
      ]);
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
   * votes that is not accepted: else 400 error.answer.cannot_deleted. `also` runs in the same
   * transaction when this call deletes it. Deleted by someone else, the author is told
   * (your_answer_was_deleted, with `reason` when the caller has one).
   */
  async remove(actor: Actor, row: AnswerRow, also?: AlsoInTransaction, reason?: string): Promise<void> {
    if (row.status === ANSWER_STATUS.deleted) return;
    if (!answerDeletable(actor, row)) throw ApiFailure.badRequest('error.answer.cannot_deleted');
    // Read before the transaction: SQLite has one connection, held by the transaction.
    const typeId = await this.#questions.configId('answer.deleted');
    await changeStatus(
      this.#db,
      {
        table: 'answer',
        id: row.id,
        column: 'status',
        from: row.status,
        to: ANSWER_STATUS.deleted,
        touch: true,
        also: { adopted: ADOPTED.no },
        activity: { userId: actor.userId, typeId, originalObjectId: row.question_id },
        lost: () => null,
        effects: async (trx, now) => {
          if (row.status === ANSWER_STATUS.available) {
            await uncountQuestionAnswer(trx, row.question_id);
            await countUserAnswer(trx, row.user_id, -1);
          }
          // A deleted accepted answer counts for the repeat-deletion rule.
          if (row.adopted === ADOPTED.yes) {
            const deletion = { authorId: row.user_id, objectId: row.id, deletedBy: actor.userId };
            await this.#questions.queue.recordDeletion(trx, deletion, now);
          }
          await updateQuestionOfAnswer(trx, row.question_id, { accepted_answer_id: null }, row.id);
          await also?.(trx, now);
        },
        notify: async (trx, event) => {
          const object = await this.#notice(trx, row);
          await notifyInbox(trx, [
            {
              userId: row.user_id,
              triggerUserId: actor.userId,
              action: 'your_answer_was_deleted',
              object,
              reason,
              now: event.now,
            },
          ]);
        },
      },
      this.#now,
    );
  }

  /**
   * POST answer/recover: a deleted answer is available again; the question's answer_count and last
   * answer, and the author's answer_count, count it again.
   */
  async recover(actor: Actor, answer: AnswerRow): Promise<void> {
    const refuse = () => ApiFailure.badRequest('error.answer.not_deleted');
    if (answer.status !== ANSWER_STATUS.deleted) throw refuse();
    const typeId = await this.#questions.configId('answer.undeleted');
    await changeStatus(
      this.#db,
      {
        table: 'answer',
        id: answer.id,
        column: 'status',
        from: ANSWER_STATUS.deleted,
        to: ANSWER_STATUS.available,
        touch: true,
        activity: { userId: actor.userId, typeId, originalObjectId: answer.question_id },
        lost: refuse,
        effects: async (trx) => {
          const last = await selectLastAnswerId(trx, answer.question_id);
          await countQuestionAnswer(trx, answer.question_id, last ?? answer.id);
          await countUserAnswer(trx, answer.user_id, 1);
        },
      },
      this.#now,
    );
  }

  /** What an inbox entry about the answer points at (its question's title read in `trx`). */
  async #notice(trx: Transaction<DB>, row: AnswerRow) {
    const title = (await selectQuestionTitle(trx, row.question_id)) ?? '';
    return postNotice({ questionId: row.question_id, title, answerId: row.id });
  }

  users(ids: number[]): Promise<Map<number, PostUserInfo>> {
    return loadPostUsers(this.#db, ids);
  }
}
