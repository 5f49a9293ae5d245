import type { VoteResp, VoteStatus } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { activityTypes, applyReputation, cancelReputation, lockUsers } from '../reputation';
import { writeTransaction } from '../../db/transaction';
import { requireVisible, type Viewer } from '../visibility/rule';

/**
 * Votes (answer-api.md §2.6) stored as the demo seeder stores them (db/README.md): the voter's
 * activity (`<type>.vote_up|vote_down`, trigger 0) and, on questions and answers, the author's
 * (`<type>.voted_up|voted_down`, trigger = voter) carrying the author's reputation change; the
 * object's `vote_count` = active up votes − active down votes. A comment vote is `comment.vote_up`
 * only, without an author row.
 *
 * Race safety: each vote runs in one transaction that first locks the voted object's row (its
 * vote_count is raised by itself), so votes on one object queue; only then is the voter's current
 * vote read, so one user never holds two active votes on an object. Counters move by SQL
 * increments; users are locked after the object, by ascending id.
 */

export type VotableType = 'question' | 'answer' | 'comment';
export type Direction = 'up' | 'down';

/** A votable object: its type and author (for the permission and self-vote checks). */
export interface VoteTarget {
  type: VotableType;
  id: string;
  authorId: number;
  /** The question the object belongs to (notifications link to it). */
  questionId: string;
  /** The answer a comment is on, or an answer's own id; null otherwise. */
  answerId: string | null;
}

export interface VoteSource {
  /**
   * The live object (question open or closed, answer or comment available) the voter may see (the
   * visibility rule); anything else throws the post type's 404, as an unknown id does.
   */
  target(objectId: string, voter: Viewer): Promise<VoteTarget>;
  vote(userId: number, target: VoteTarget, direction: Direction, cancel: boolean): Promise<VoteResp>;
}

/** user.status of a deleted account. */
const DELETED_USER = 10;

const TABLE = { question: 'question', answer: 'answer', comment: 'comment' } as const;

export interface VoteServiceOptions {
  now?: () => number;
}

export class VoteService implements VoteSource {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: VoteServiceOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async target(objectId: string, voter: Viewer): Promise<VoteTarget> {
    const found = await requireVisible(this.#db, objectId, voter, { live: true, errType: 'toast' });
    const questionId = found.question.id;
    if (found.type === 'question') {
      return { type: 'question', id: found.question.id, authorId: found.question.user_id, questionId, answerId: null };
    }
    if (found.type === 'answer') {
      return {
        type: 'answer',
        id: found.answer.id,
        authorId: found.answer.user_id,
        questionId,
        answerId: found.answer.id,
      };
    }
    const answerId = found.answer?.id ?? null;
    return { type: 'comment', id: found.comment.id, authorId: found.comment.user_id, questionId, answerId };
  }

  /**
   * Votes `direction` (or, with `cancel`, takes that direction's vote back). Voting one way while
   * holding the other cancels the other first; voting the held direction again changes nothing.
   */
  async vote(userId: number, target: VoteTarget, direction: Direction, cancel: boolean): Promise<VoteResp> {
    const keys = keysOf(target.type);
    const types = await activityTypes(this.#db, [...new Set(Object.values(keys).filter((k): k is string => !!k))]);
    const upType = types.get(keys.voteUp)!;
    const downType = keys.voteDown ? types.get(keys.voteDown)! : null;
    return writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      // The object's row first: every vote on it waits here for the one before it to commit.
      await trx
        .updateTable(TABLE[target.type])
        .set((eb) => ({ vote_count: eb('vote_count', '+', 0) }))
        .where('id', '=', target.id)
        .execute();
      await lockUsers(trx, [userId, target.authorId]);

      const held = await this.#heldVotes(trx, userId, target.id, upType, downType);
      let delta = 0;
      let authorRank = 0;
      let voted: Direction | null = null;
      const undo = async (activityId: number, key: 'up' | 'down') => {
        await cancelReputation(trx, activityId, now);
        const authorKey = key === 'up' ? keys.votedUp : keys.votedDown;
        const authorRow = await this.#authorRow(trx, userId, target, authorKey, types);
        if (authorRow !== null) authorRank -= (await cancelReputation(trx, authorRow, now)) ?? 0;
        delta += key === 'up' ? -1 : 1;
      };
      const current = direction === 'up' ? held.up : held.down;
      const opposite = direction === 'up' ? held.down : held.up;
      if (cancel) {
        if (current !== null) await undo(current, direction);
      } else if (current === null) {
        if (opposite !== null) await undo(opposite, direction === 'up' ? 'down' : 'up');
        const voterKey = direction === 'up' ? keys.voteUp : keys.voteDown!;
        await applyReputation(trx, { userId, key: voterKey, objectId: target.id, now });
        const authorKey = direction === 'up' ? keys.votedUp : keys.votedDown;
        if (authorKey) {
          const applied = await applyReputation(trx, {
            userId: target.authorId,
            key: authorKey,
            objectId: target.id,
            triggerUserId: userId,
            now,
          });
          authorRank += applied.rank;
        }
        delta += direction === 'up' ? 1 : -1;
        voted = direction;
      }
      if (voted !== null || authorRank !== 0) await this.#notify(trx, userId, target, voted, authorRank, now);
      if (delta !== 0) {
        await trx
          .updateTable(TABLE[target.type])
          .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
          .where('id', '=', target.id)
          .execute();
      }
      return this.#summary(trx, userId, target.id, upType, downType);
    });
  }

  /**
   * Notifications as the demo seeder writes them (answer-api.md §7): a new vote tells the author in
   * the inbox (type 1, msg_type 2 votes, `up_voted_question` ...), and a change of the author's
   * reputation goes into their achievement for that object (type 2, one row per receiver and object,
   * `rank` summed and marked unread again). Deleted authors get nothing.
   */
  async #notify(
    trx: Transaction<DB>,
    voterId: number,
    target: VoteTarget,
    voted: Direction | null,
    rank: number,
    now: number,
  ): Promise<void> {
    const author = await trx.selectFrom('user').select('status').where('id', '=', target.authorId).executeTakeFirst();
    if (!author || Number(author.status) === DELETED_USER) return;
    const question = await trx
      .selectFrom('question')
      .select('title')
      .where('id', '=', target.questionId)
      .executeTakeFirst();
    const title = question?.title ?? '';
    const objectMap: Record<string, string> = { question: target.questionId };
    if (target.answerId) objectMap.answer = target.answerId;
    if (target.type === 'comment') objectMap.comment = target.id;
    const content = (action: string, trigger: string, gained: number) =>
      JSON.stringify({
        trigger_user_id: trigger,
        notification_action: action,
        rank: gained,
        object_info: { title, object_id: target.id, object_type: target.type, object_map: objectMap },
      });
    if (voted !== null) {
      await trx
        .insertInto('notification')
        .values({
          id: await nextId(trx, 'notification'),
          user_id: target.authorId,
          object_id: target.id,
          content: content(`${voted}_voted_${target.type}`, String(voterId), 0),
          type: 1,
          msg_type: 2,
          is_read: 1,
          status: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (rank === 0) return;
    const achievement = await trx
      .selectFrom('notification')
      .select(['id', 'content'])
      .where('user_id', '=', target.authorId)
      .where('object_id', '=', target.id)
      .where('type', '=', 2)
      .executeTakeFirst();
    if (achievement) {
      const before = storedRank(achievement.content);
      await trx
        .updateTable('notification')
        .set({ content: content('', '', before + rank), is_read: 1, updated_at: now })
        .where('id', '=', achievement.id)
        .execute();
      return;
    }
    await trx
      .insertInto('notification')
      .values({
        id: await nextId(trx, 'notification'),
        user_id: target.authorId,
        object_id: target.id,
        content: content('', '', rank),
        type: 2,
        msg_type: 1,
        is_read: 1,
        status: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** The voter's active up and down vote rows on the object (ids), if any. */
  async #heldVotes(
    trx: Transaction<DB>,
    userId: number,
    objectId: string,
    upType: number,
    downType: number | null,
  ): Promise<{ up: number | null; down: number | null }> {
    const rows = await trx
      .selectFrom('activity')
      .select(['id', 'activity_type'])
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .where('trigger_user_id', '=', 0)
      .where('activity_type', 'in', downType === null ? [upType] : [upType, downType])
      .where('cancelled', '=', 0)
      .execute();
    const find = (type: number | null) => {
      const row = rows.find((r) => Number(r.activity_type) === type);
      return row ? Number(row.id) : null;
    };
    return { up: find(upType), down: downType === null ? null : find(downType) };
  }

  /** The author's active row of this voter's vote (questions and answers), if any. */
  async #authorRow(
    trx: Transaction<DB>,
    voterId: number,
    target: VoteTarget,
    key: string | null,
    types: Map<string, number>,
  ): Promise<number | null> {
    if (!key) return null;
    const row = await trx
      .selectFrom('activity')
      .select('id')
      .where('object_id', '=', target.id)
      .where('user_id', '=', target.authorId)
      .where('trigger_user_id', '=', voterId)
      .where('activity_type', '=', types.get(key)!)
      .where('cancelled', '=', 0)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  async #summary(
    trx: Transaction<DB>,
    userId: number,
    objectId: string,
    upType: number,
    downType: number | null,
  ): Promise<VoteResp> {
    const rows = await trx
      .selectFrom('activity')
      .select((eb) => ['activity_type', eb.fn.countAll<number | string>().as('n')])
      .where('object_id', '=', objectId)
      .where('trigger_user_id', '=', 0)
      .where('activity_type', 'in', downType === null ? [upType] : [upType, downType])
      .where('cancelled', '=', 0)
      .groupBy('activity_type')
      .execute();
    const count = (type: number | null) => Number(rows.find((r) => Number(r.activity_type) === type)?.n ?? 0);
    const up = count(upType);
    const down = downType === null ? 0 : count(downType);
    const held = await this.#heldVotes(trx, userId, objectId, upType, downType);
    const status: VoteStatus = held.up !== null ? 'vote_up' : held.down !== null ? 'vote_down' : '';
    return { up_votes: up, down_votes: down, votes: up - down, vote_status: status };
  }
}

interface VoteKeys {
  voteUp: string;
  voteDown: string | null;
  votedUp: string | null;
  votedDown: string | null;
}

function keysOf(type: VotableType): VoteKeys {
  if (type === 'comment') return { voteUp: 'comment.vote_up', voteDown: null, votedUp: null, votedDown: null };
  return {
    voteUp: `${type}.vote_up`,
    voteDown: `${type}.vote_down`,
    votedUp: `${type}.voted_up`,
    votedDown: `${type}.voted_down`,
  };
}

/** The summed `rank` of a stored achievement's content (0 when unreadable). */
function storedRank(content: string): number {
  try {
    return Number((JSON.parse(content) as { rank?: unknown }).rank) || 0;
  } catch {
    return 0;
  }
}
