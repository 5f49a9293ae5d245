import type { QuestionOperationName } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { USER_STATUS } from '../accounts/mapping';
import { usernameKey } from '../accounts/normalize';
import { ANSWER_STATUS, type AnswerRow } from '../answer/service';
import type { ReasonDefinition } from '../reasons/defaults';
import { recordActivity } from '../reputation';
import { writeTransaction } from '../../db/transaction';
import type { Actor, QuestionPostService, QuestionRow } from './posts';
import { PIN, QUESTION_STATUS, SHOW } from './repository';

/** The config key of the close reason meta row (answer-api.md §5 meta). */
export const CLOSE_META_KEY = 'question.close.reason';
/** The reason whose remark must be a link to the original question. */
export const DUPLICATE_REASON_KEY = 'reason.a_duplicate';
/** tag_rel.status values. */
const REL = { available: 1, hidden: 2, deleted: 10 } as const;

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

/** A member an invitation reached for the first time (for the inbox mail). */
export interface InvitedMember {
  id: number;
  username: string;
  e_mail: string;
  /** The member wants inbox notifications by e-mail and has a verified address. */
  mail: boolean;
}

/** Whether `text` is an absolute http(s) link. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** The invited user ids a question stores (JSON array of id strings; anything unreadable is none). */
export function invitedIds(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.map((v) => Number(v)).filter((v) => Number.isSafeInteger(v) && v > 0))];
  } catch {
    return [];
  }
}

/**
 * The tags a question revision names (ids or slugs: the snapshot of an ask lists tag objects, an edit
 * lists ids and new slugs), or undefined when the snapshot cannot be read.
 */
export function revisionTags(content: string | undefined): Set<string> | undefined {
  if (!content) return undefined;
  try {
    const tags = (JSON.parse(content) as { tags?: unknown }).tags;
    if (!Array.isArray(tags) || tags.length === 0) return undefined;
    const found = new Set<string>();
    for (const tag of tags) {
      if (typeof tag === 'string') found.add(tag);
      else if (tag && typeof tag === 'object' && typeof (tag as { slug_name?: unknown }).slug_name === 'string')
        found.add((tag as { slug_name: string }).slug_name);
    }
    return found.size ? found : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Moderation of questions and answers (answer-api.md §2.3, §2.4): close, reopen, pin, unpin, hide,
 * show, undelete, and invitations to answer. Routes check privileges and visibility first; every state
 * change here is a conditional update inside a transaction, so two moderators racing get one success
 * and one clear 400, and each success writes its activity row (the timeline of answer-api.md §2.11).
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

  /** An inbox notification about a question (rows as the comment module writes them). */
  async #notify(
    trx: Transaction<DB>,
    n: { userId: number; trigger: number; action: string; msgType: number; question: QuestionRow; now: number },
  ): Promise<void> {
    await trx
      .insertInto('notification')
      .values({
        id: await nextId(trx, 'notification'),
        user_id: n.userId,
        object_id: n.question.id,
        content: JSON.stringify({
          trigger_user_id: String(n.trigger),
          notification_action: n.action,
          rank: 0,
          object_info: {
            title: n.question.title,
            object_id: n.question.id,
            object_type: 'question',
            object_map: { question: n.question.id },
          },
        }),
        type: 1,
        msg_type: n.msgType,
        is_read: 1,
        status: 1,
        created_at: n.now,
        updated_at: n.now,
      })
      .execute();
  }

  /** Refuses operations on a deleted question (only undelete applies to it). */
  #notDeleted(row: QuestionRow): void {
    if (row.status === QUESTION_STATUS.deleted) throw ApiFailure.badRequest('error.question.operation_deleted');
  }

  /**
   * PUT question/status: closes an open question with a close reason (its remark stored in the
   * `question.close.reason` meta row) and tells the asker (your_question_is_closed) unless they closed
   * it themselves. The route has validated the reason and the remark.
   */
  async close(actor: Actor, row: QuestionRow, reason: ReasonDefinition, closeMsg: string): Promise<void> {
    this.#notDeleted(row);
    const refuse = (status: number) =>
      ApiFailure.badRequest(
        status === QUESTION_STATUS.closed ? 'error.question.already_closed' : 'error.question.cannot_close',
      );
    if (row.status !== QUESTION_STATUS.open) throw refuse(row.status);
    const closed = await this.#posts.configId('question.closed');
    const asker = await this.#db.selectFrom('user').select('status').where('id', '=', row.user_id).executeTakeFirst();
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const result = await trx
        .updateTable('question')
        .set({ status: QUESTION_STATUS.closed, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', QUESTION_STATUS.open)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw refuse(QUESTION_STATUS.closed);
      const value = JSON.stringify({ close_type: reason.id, close_msg: closeMsg });
      const meta = await trx
        .selectFrom('meta')
        .select('id')
        .where('object_id', '=', row.id)
        .where('key', '=', CLOSE_META_KEY)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (meta) {
        await trx.updateTable('meta').set({ value, updated_at: now }).where('id', '=', meta.id).execute();
      } else {
        await trx
          .insertInto('meta')
          .values({
            id: await nextId(trx, 'meta'),
            object_id: row.id,
            key: CLOSE_META_KEY,
            value,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: closed, now });
      if (row.user_id !== actor.userId && asker && asker.status !== USER_STATUS.deleted) {
        await this.#notify(trx, {
          userId: row.user_id,
          trigger: actor.userId,
          action: 'your_question_is_closed',
          msgType: 1,
          question: row,
          now,
        });
      }
    });
  }

  /** PUT question/reopen: a closed question is open again. */
  async reopen(actor: Actor, row: QuestionRow): Promise<void> {
    this.#notDeleted(row);
    if (row.status !== QUESTION_STATUS.closed) throw ApiFailure.badRequest('error.question.not_closed');
    const reopened = await this.#posts.configId('question.reopened');
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const result = await trx
        .updateTable('question')
        .set({ status: QUESTION_STATUS.open, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', QUESTION_STATUS.closed)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw ApiFailure.badRequest('error.question.not_closed');
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: reopened, now });
    });
  }

  /**
   * PUT question/operation: pin (first in every list), unpin, hide (left out of lists; its tags stop
   * counting it) and show. Doing what is already done is 400 (error.question.already_pinned, ...).
   */
  async operate(actor: Actor, row: QuestionRow, operation: QuestionOperationName): Promise<void> {
    this.#notDeleted(row);
    const op = OPERATIONS[operation];
    const refuse = () => ApiFailure.badRequest(`error.question.${op.already}`);
    if (row[op.column] !== op.from) throw refuse();
    const type = await this.#posts.configId(op.activity);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const result = await trx
        .updateTable('question')
        .set({ [op.column]: op.to })
        .where('id', '=', row.id)
        .where(op.column, '=', op.from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw refuse();
      if (op.column === 'show') await this.#moveTagRels(trx, row.id, op.to === SHOW.unlisted, now);
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: type, now });
    });
  }

  /** Hiding turns the question's available tag relations hidden (tags stop counting it); showing reverses it. */
  async #moveTagRels(trx: Transaction<DB>, questionId: string, hide: boolean, now: number): Promise<void> {
    const from = hide ? REL.available : REL.hidden;
    const to = hide ? REL.hidden : REL.available;
    const rels = await trx
      .selectFrom('tag_rel')
      .select(['id', 'tag_id'])
      .where('object_id', '=', questionId)
      .where('status', '=', from)
      .execute();
    if (rels.length === 0) return;
    await trx
      .updateTable('tag_rel')
      .set({ status: to, updated_at: now })
      .where(
        'id',
        'in',
        rels.map((r) => r.id),
      )
      .execute();
    const tagIds = rels.map((r) => r.tag_id);
    if (hide) {
      await trx
        .updateTable('tag')
        .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
        .where('id', 'in', tagIds)
        .where('question_count', '>', 0)
        .execute();
    } else {
      await trx
        .updateTable('tag')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', 'in', tagIds)
        .execute();
    }
  }

  /**
   * POST question/recover: a deleted question is available again (status 1, as in Answer), with the
   * asker's question_count and the tags it had when it was deleted (hidden again if it is unlisted).
   */
  async recoverQuestion(actor: Actor, row: QuestionRow): Promise<void> {
    if (row.status !== QUESTION_STATUS.deleted) throw ApiFailure.badRequest('error.question.not_deleted');
    const [undeleted, deleted] = await Promise.all([
      this.#posts.configId('question.undeleted'),
      this.#posts.configId('question.deleted'),
    ]);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const result = await trx
        .updateTable('question')
        .set({ status: QUESTION_STATUS.open, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', QUESTION_STATUS.deleted)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw ApiFailure.badRequest('error.question.not_deleted');
      // The tags to bring back are those of the question's current revision (DELETE question marks every
      // relation deleted, also those an earlier edit removed); without a readable revision, those
      // deleted with the question (at its updated_at).
      const revision = row.revision_id
        ? await trx.selectFrom('revision').select('content').where('id', '=', row.revision_id).executeTakeFirst()
        : undefined;
      const named = revisionTags(revision?.content);
      let rels = trx
        .selectFrom('tag_rel')
        .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
        .select(['tag_rel.id', 'tag_rel.tag_id', 'tag.slug_name'])
        .where('tag_rel.object_id', '=', row.id)
        .where('tag_rel.status', '=', REL.deleted);
      if (!named) {
        const deletion = await trx
          .selectFrom('activity')
          .select('created_at')
          .where('object_id', '=', row.id)
          .where('activity_type', '=', deleted)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        const since = Math.min(row.updated_at, deletion ? Number(deletion.created_at) : row.updated_at);
        rels = rels.where('tag_rel.updated_at', '>=', since);
      }
      const restored = (await rels.execute()).filter(
        (rel) => !named || named.has(rel.tag_id) || named.has(rel.slug_name),
      );
      if (restored.length) {
        const listed = row.show !== SHOW.unlisted;
        await trx
          .updateTable('tag_rel')
          .set({ status: listed ? REL.available : REL.hidden, updated_at: now })
          .where(
            'id',
            'in',
            restored.map((r) => r.id),
          )
          .execute();
        if (listed) {
          await trx
            .updateTable('tag')
            .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
            .where(
              'id',
              'in',
              restored.map((r) => r.tag_id),
            )
            .execute();
        }
      }
      await trx
        .updateTable('user')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', '=', row.user_id)
        .execute();
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: undeleted, now });
    });
  }

  /**
   * POST answer/recover: a deleted answer is available again; the question's answer_count and last
   * answer, and the author's answer_count, count it again.
   */
  async recoverAnswer(actor: Actor, answer: AnswerRow): Promise<void> {
    if (answer.status !== ANSWER_STATUS.deleted) throw ApiFailure.badRequest('error.answer.not_deleted');
    const undeleted = await this.#posts.configId('answer.undeleted');
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const result = await trx
        .updateTable('answer')
        .set({ status: ANSWER_STATUS.available, updated_at: now })
        .where('id', '=', answer.id)
        .where('status', '=', ANSWER_STATUS.deleted)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw ApiFailure.badRequest('error.answer.not_deleted');
      const last = await trx
        .selectFrom('answer')
        .select('id')
        .where('question_id', '=', answer.question_id)
        .where('status', '=', ANSWER_STATUS.available)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await trx
        .updateTable('question')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1), last_answer_id: last?.id ?? answer.id }))
        .where('id', '=', answer.question_id)
        .execute();
      await trx
        .updateTable('user')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
        .where('id', '=', answer.user_id)
        .execute();
      await recordActivity(trx, {
        userId: actor.userId,
        objectId: answer.id,
        originalObjectId: answer.question_id,
        typeId: undeleted,
        now,
      });
    });
  }

  /** Whether a suggested edit (revision status 1) of the object waits for review. */
  async reviewPending(objectId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', objectId)
      .where('status', '=', 1)
      .executeTakeFirst();
    return !!row;
  }

  /** Whether an available tag has this id. */
  async tagExists(id: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('tag')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return !!row;
  }

  /** The invited members of a question that still exist, in the order they were invited. */
  async invitedRows(row: QuestionRow) {
    const ids = invitedIds(row.invite_user_id);
    if (ids.length === 0) return [];
    const users = await this.#db
      .selectFrom('user')
      .select([
        'id',
        'username',
        'rank',
        'display_name',
        'avatar',
        'e_mail',
        'website',
        'location',
        'language',
        'status',
        'mail_status',
        'suspended_until',
      ])
      .where('id', 'in', ids)
      .where('status', '!=', USER_STATUS.deleted)
      .execute();
    const byId = new Map(users.map((u) => [Number(u.id), u]));
    return ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [user] : [];
    });
  }

  /**
   * PUT question/invite: the invited set becomes the named members (usernames; unknown, deleted and
   * suspended ones and the inviter are left out). Members invited for the first time get an inbox
   * notification (invited_you_to_answer); they are returned for the mail.
   */
  async invite(actor: Actor, row: QuestionRow, usernames: string[]): Promise<InvitedMember[]> {
    this.#notDeleted(row);
    if (row.status !== QUESTION_STATUS.open) throw ApiFailure.badRequest('error.question.invite_not_open');
    const keys = [...new Set(usernames.map(usernameKey).filter(Boolean))];
    const found = keys.length
      ? await this.#db
          .selectFrom('user')
          .select(['id', 'username', 'username_key', 'e_mail', 'mail_status'])
          .where('username_key', 'in', keys)
          .where('status', '=', USER_STATUS.available)
          .execute()
      : [];
    const byKey = new Map(found.map((u) => [u.username_key, u]));
    const members = keys.flatMap((key) => {
      const user = byKey.get(key);
      return user && Number(user.id) !== actor.userId ? [user] : [];
    });
    const fresh = members.filter((u) => !invitedIds(row.invite_user_id).includes(Number(u.id)));
    const mailOff = new Set<number>();
    if (fresh.length) {
      const configs = await this.#db
        .selectFrom('user_notification_config')
        .select(['user_id', 'channels'])
        .where('source', '=', 'inbox')
        .where(
          'user_id',
          'in',
          fresh.map((u) => Number(u.id)),
        )
        .execute();
      for (const config of configs) {
        let on: boolean;
        try {
          const channels = JSON.parse(config.channels) as Array<{ key?: string; enable?: boolean }>;
          on = Array.isArray(channels) && channels.some((c) => c?.key === 'email' && c.enable === true);
        } catch {
          on = false;
        }
        if (!on) mailOff.add(Number(config.user_id));
      }
    }
    const notified = await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const current = await trx
        .selectFrom('question')
        .select(['invite_user_id', 'status'])
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!current || current.status !== QUESTION_STATUS.open)
        throw ApiFailure.badRequest('error.question.invite_not_open');
      await trx
        .updateTable('question')
        .set({ invite_user_id: members.length ? JSON.stringify(members.map((u) => String(u.id))) : null })
        .where('id', '=', row.id)
        .execute();
      // Invited before (also by a concurrent request that committed first): no second notification.
      const before = invitedIds(current.invite_user_id);
      const first = fresh.filter((user) => !before.includes(Number(user.id)));
      for (const user of first) {
        await this.#notify(trx, {
          userId: Number(user.id),
          trigger: actor.userId,
          action: 'invited_you_to_answer',
          msgType: 3,
          question: row,
          now,
        });
      }
      return first;
    });
    return notified.map((u) => ({
      id: Number(u.id),
      username: u.username,
      e_mail: u.e_mail,
      mail: u.mail_status === 1 && !mailOff.has(Number(u.id)),
    }));
  }
}
