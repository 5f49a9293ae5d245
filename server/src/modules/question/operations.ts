import type { QuestionOperationName } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { usernameKey } from '../accounts/normalize';
import type { Actor } from '../post/actor';
import { inboxHook, NOTIFICATION, notifyInbox, postNotice } from '../notification/inbox';
import { changeStatus, type AlsoInTransaction } from '../post/transition';
import type { ReasonDefinition } from '../reasons/defaults';
import { revisionContent } from '../revisions/service';
import { countOnTags, selectLinks, selectLinksWithSlugs, setLinkStatus } from './link-repository';
import {
  countUserQuestion,
  selectInvitedUsers,
  selectInviteState,
  selectLastActivityTime,
  selectMembersByKeys,
  updateQuestion,
  writeCloseMeta,
} from './post-repository';
import type { QuestionPostService } from './posts';
import { invitedIds, PIN, QUESTION_STATUS, revisionTags, SHOW, TAG_REL, type QuestionRow } from './table';

/** What each PUT question/operation does: the column, the value it needs, the value it sets, the activity. */
const OPERATIONS: Record<
  QuestionOperationName,
  { column: 'pin' | 'show'; from: number; to: number; activity: string; already: string }
> = {
  pin: { column: 'pin', from: PIN.unpinned, to: PIN.pinned, activity: 'question.pin', already: 'already_pinned' },
  unpin: { column: 'pin', from: PIN.pinned, to: PIN.unpinned, activity: 'question.unpin', already: 'not_pinned' },
  hide: { column: 'show', from: SHOW.listed, to: SHOW.unlisted, activity: 'question.hide', already: 'already_hidden' },
  show: { column: 'show', from: SHOW.unlisted, to: SHOW.listed, activity: 'question.show', already: 'not_hidden' },
};

/** What an inbox entry about a question points at. */
const questionNotice = (row: Pick<QuestionRow, 'id' | 'title'>) => postNotice({ questionId: row.id, title: row.title });

/**
 * Moderation of questions: close, reopen, pin, unpin, hide, show, undelete, and invitations to answer.
 * Routes check privileges and visibility first; every state change goes through changeStatus (a
 * compare-and-set in a transaction, so two moderators racing get one success and one clear 400, with
 * the activity row of the post's timeline).
 */
export class QuestionOperationService {
  readonly #db: Kysely<DB>;
  readonly #posts: QuestionPostService;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, posts: QuestionPostService, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#posts = posts;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Refuses operations on a deleted question (only undelete applies to it) and on a queued one (its
   * tag links stay hidden until a reviewer approves it).
   */
  #notDeleted(row: QuestionRow): void {
    if (row.status === QUESTION_STATUS.deleted) throw ApiFailure.badRequest('error.question.operation_deleted');
    if (row.status === QUESTION_STATUS.pending) throw ApiFailure.badRequest('error.question.operation_pending');
  }

  /**
   * PUT question/status: closes an open question with a close reason (its remark stored in the
   * question's close meta row) and tells the asker (your_question_is_closed) unless they closed it
   * themselves. The route has validated the reason and the remark. `also` runs in the same transaction.
   */
  async close(
    actor: Actor,
    row: QuestionRow,
    reason: ReasonDefinition,
    closeMsg: string,
    also?: AlsoInTransaction,
  ): Promise<void> {
    this.#notDeleted(row);
    const refuse = (status: number) =>
      ApiFailure.badRequest(
        status === QUESTION_STATUS.closed ? 'error.question.already_closed' : 'error.question.cannot_close',
      );
    if (row.status !== QUESTION_STATUS.open) throw refuse(row.status);
    const typeId = await this.#posts.configId('question.closed');
    const tellAsker = inboxHook([
      {
        userId: row.user_id,
        triggerUserId: actor.userId,
        action: 'your_question_is_closed',
        object: questionNotice(row),
        reason: reason.key,
      },
    ]);
    await changeStatus(
      this.#db,
      {
        table: 'question',
        id: row.id,
        column: 'status',
        from: QUESTION_STATUS.open,
        to: QUESTION_STATUS.closed,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: () => refuse(QUESTION_STATUS.closed),
        effects: async (trx, now) => {
          await writeCloseMeta(trx, row.id, JSON.stringify({ close_type: reason.id, close_msg: closeMsg }), now);
          await also?.(trx, now);
        },
        notify: tellAsker,
      },
      this.#now,
    );
  }

  /** PUT question/reopen: a closed question is open again. */
  async reopen(actor: Actor, row: QuestionRow): Promise<void> {
    this.#notDeleted(row);
    const refuse = () => ApiFailure.badRequest('error.question.not_closed');
    if (row.status !== QUESTION_STATUS.closed) throw refuse();
    const typeId = await this.#posts.configId('question.reopened');
    await changeStatus(
      this.#db,
      {
        table: 'question',
        id: row.id,
        column: 'status',
        from: QUESTION_STATUS.closed,
        to: QUESTION_STATUS.open,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: refuse,
      },
      this.#now,
    );
  }

  /**
   * PUT question/operation: pin (first in every list), unpin, hide (left out of lists; its tags stop
   * counting it) and show. Doing what is already done is 400 (error.question.already_pinned, ...).
   * `also` runs in the same transaction. Hiding tells the asker (your_question_was_unlisted, with
   * `reason` when the caller has one) unless they hid it themselves.
   */
  async operate(
    actor: Actor,
    row: QuestionRow,
    operation: QuestionOperationName,
    also?: AlsoInTransaction,
    reason?: string,
  ): Promise<void> {
    this.#notDeleted(row);
    const op = OPERATIONS[operation];
    const refuse = () => ApiFailure.badRequest(`error.question.${op.already}`);
    if (row[op.column] !== op.from) throw refuse();
    const typeId = await this.#posts.configId(op.activity);
    await changeStatus(
      this.#db,
      {
        table: 'question',
        id: row.id,
        column: op.column,
        from: op.from,
        to: op.to,
        touch: false,
        activity: { userId: actor.userId, typeId },
        lost: refuse,
        effects: async (trx, now) => {
          if (op.column === 'show') await this.#moveTagRels(trx, row.id, op.to === SHOW.unlisted, now);
          await also?.(trx, now);
        },
        ...(operation === 'hide'
          ? {
              notify: inboxHook([
                {
                  userId: row.user_id,
                  triggerUserId: actor.userId,
                  action: 'your_question_was_unlisted',
                  object: questionNotice(row),
                  ...(reason ? { reason } : {}),
                },
              ]),
            }
          : {}),
      },
      this.#now,
    );
  }

  /** Hiding turns the question's available tag links hidden (tags stop counting it); showing reverses it. */
  async #moveTagRels(trx: Transaction<DB>, questionId: string, hide: boolean, now: number): Promise<void> {
    const rels = await selectLinks(trx, questionId, [hide ? TAG_REL.available : TAG_REL.hidden]);
    if (rels.length === 0) return;
    // The counts before the links (the lock order: see publishCounts).
    await countOnTags(
      trx,
      rels.map((r) => r.tag_id),
      hide ? -1 : 1,
    );
    await setLinkStatus(
      trx,
      rels.map((r) => r.id),
      hide ? TAG_REL.hidden : TAG_REL.available,
      now,
    );
  }

  /**
   * POST question/recover: a deleted question is available again (open), with the asker's
   * question_count and the tags it had when it was deleted (hidden again if it is unlisted).
   */
  async recoverQuestion(actor: Actor, row: QuestionRow): Promise<void> {
    const refuse = () => ApiFailure.badRequest('error.question.not_deleted');
    if (row.status !== QUESTION_STATUS.deleted) throw refuse();
    const [typeId, deleted] = await Promise.all([
      this.#posts.configId('question.undeleted'),
      this.#posts.configId('question.deleted'),
    ]);
    await changeStatus(
      this.#db,
      {
        table: 'question',
        id: row.id,
        column: 'status',
        from: QUESTION_STATUS.deleted,
        to: QUESTION_STATUS.open,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: refuse,
        effects: async (trx, now) => {
          // The tags to bring back are those of the question's current revision (DELETE question marks
          // every link deleted, also those an earlier edit removed); without a readable revision, those
          // deleted with the question (at its updated_at).
          const named = revisionTags(row.revision_id ? await revisionContent(trx, row.revision_id) : undefined);
          let since: number | undefined;
          if (!named) {
            const deletedAt = await selectLastActivityTime(trx, row.id, deleted);
            since = Math.min(row.updated_at, deletedAt ?? row.updated_at);
          }
          const restored = (await selectLinksWithSlugs(trx, row.id, TAG_REL.deleted, since)).filter(
            (rel) => !named || named.has(rel.tag_id) || named.has(rel.slug_name),
          );
          const listed = row.show !== SHOW.unlisted;
          // The counts before the links, the author before the tags (the lock order: see publishCounts).
          await countUserQuestion(trx, row.user_id, 1);
          if (listed)
            await countOnTags(
              trx,
              restored.map((r) => r.tag_id),
              1,
            );
          await setLinkStatus(
            trx,
            restored.map((r) => r.id),
            listed ? TAG_REL.available : TAG_REL.hidden,
            now,
          );
        },
      },
      this.#now,
    );
  }

  /** The invited members of a question that still exist, in the order they were invited. */
  async invitedRows(row: QuestionRow) {
    const ids = invitedIds(row.invite_user_id);
    if (ids.length === 0) return [];
    const byId = new Map((await selectInvitedUsers(this.#db, ids)).map((u) => [Number(u.id), u]));
    return ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [user] : [];
    });
  }

  /**
   * PUT question/invite: the invited set becomes the named members (usernames; unknown, deleted and
   * suspended ones and the inviter are left out). A member gets the inbox notification
   * (invited_you_to_answer) once per question, even when invited again later or by two requests at
   * once; the ids of those notified now are returned (their mail goes out through the inbox entry).
   */
  async invite(actor: Actor, row: QuestionRow, usernames: string[]): Promise<number[]> {
    this.#notDeleted(row);
    const notOpen = () => ApiFailure.badRequest('error.question.invite_not_open');
    if (row.status !== QUESTION_STATUS.open) throw notOpen();
    const keys = [...new Set(usernames.map(usernameKey).filter(Boolean))];
    const byKey = new Map((await selectMembersByKeys(this.#db, keys)).map((u) => [u.username_key, u]));
    const members = keys.flatMap((key) => {
      const user = byKey.get(key);
      return user && Number(user.id) !== actor.userId ? [user] : [];
    });
    const fresh = members.filter((u) => !invitedIds(row.invite_user_id).includes(Number(u.id)));
    const notified = await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const current = await selectInviteState(trx, row.id);
      if (!current || current.status !== QUESTION_STATUS.open) throw notOpen();
      await updateQuestion(trx, row.id, {
        invite_user_id: members.length ? JSON.stringify(members.map((u) => String(u.id))) : null,
      });
      // Invited before (also by a concurrent request): the once key keeps the second notice out.
      const written = await notifyInbox(
        trx,
        fresh.map((user) => ({
          userId: Number(user.id),
          triggerUserId: actor.userId,
          action: 'invited_you_to_answer',
          msgType: NOTIFICATION.msgType.invites,
          object: questionNotice(row),
          once: `invite:${row.id}`,
          now,
        })),
      );
      const told = new Set(written.map((n) => n.userId));
      return fresh.filter((user) => told.has(Number(user.id)));
    });
    return notified.map((u) => Number(u.id));
  }
}
