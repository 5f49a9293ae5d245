import type { VoteResp, VoteStatus } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { notifyVote } from '../notification/votes';
import { awardBadges } from '../badge/awards';
import { activityTypes, applyReputation, cancelReputation, lockMembers } from '../reputation';
import { requireVisible, type Viewer } from '../visibility/rule';
import * as repo from './repository';
import type { Direction, VotableType } from './table';

export type { Direction, VotableType } from './table';

/**
 * Votes, stored as the demo seeder stores them (db/README.md): the voter's
 * activity (`<type>.vote_up|vote_down`, trigger 0) and, on questions and answers, the author's
 * (`<type>.voted_up|voted_down`, trigger = voter) carrying the author's reputation change; the
 * object's `vote_count` = active up votes − active down votes. A comment vote is `comment.vote_up`
 * only, without an author row.
 *
 * Race safety: each vote runs in one transaction that first locks the voted object's row (its
 * vote_count is raised by itself), so votes on one object queue; only then is the voter's current
 * vote read, so one user never holds two active votes on an object. Counters move by SQL
 * increments; the voter and the author are locked after the object, by ascending id, and then the
 * activity counter (the reputation module's lock order), before anything else is written.
 */

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
      await repo.addVoteCount(trx, target.type, target.id, 0);
      // Then the voter and the author by id, then the activity counter (the reputation lock order).
      await lockMembers(trx, [userId, target.authorId]);

      const held = await this.#heldVotes(trx, userId, target.id, upType, downType);
      let delta = 0;
      let voted: Direction | null = null;
      const undo = async (activityId: number, key: 'up' | 'down') => {
        await cancelReputation(trx, activityId, now);
        const authorKey = key === 'up' ? keys.votedUp : keys.votedDown;
        const authorRow = await this.#authorRow(trx, userId, target, authorKey, types);
        if (authorRow !== null) await cancelReputation(trx, authorRow, now);
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
          await applyReputation(trx, {
            userId: target.authorId,
            key: authorKey,
            objectId: target.id,
            triggerUserId: userId,
            now,
          });
        }
        delta += direction === 'up' ? 1 : -1;
        voted = direction;
      }
      if (voted !== null) await this.#notify(trx, userId, target, voted, now);
      if (delta !== 0) await repo.addVoteCount(trx, target.type, target.id, delta);
      if (delta > 0 && target.type !== 'comment')
        await awardBadges(trx, { kind: 'score', type: target.type, objectId: target.id }, now);
      // What the voter holds now: the direction voted or kept, or after a cancel what was left (one at most).
      const oppositeDirection: Direction = direction === 'up' ? 'down' : 'up';
      const holds: Direction | null = !cancel ? direction : opposite !== null ? oppositeDirection : null;
      return this.#summary(trx, target.id, upType, downType, holds);
    });
  }

  /** The author hears of a new vote in the inbox, grouped per post (notification module). */
  async #notify(trx: Transaction<DB>, voterId: number, target: VoteTarget, direction: Direction, now: number) {
    const map: Record<string, string> = { question: target.questionId };
    if (target.answerId) map.answer = target.answerId;
    if (target.type === 'comment') map.comment = target.id;
    const object = { id: target.id, type: target.type, map };
    await notifyVote(trx, { receiverId: target.authorId, voterId, object, direction, now });
  }

  /** The voter's active up and down vote rows on the object (ids), if any. */
  async #heldVotes(
    trx: Transaction<DB>,
    userId: number,
    objectId: string,
    upType: number,
    downType: number | null,
  ): Promise<{ up: number | null; down: number | null }> {
    const rows = await repo.heldVoteRows(trx, userId, objectId, downType === null ? [upType] : [upType, downType]);
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
    return repo.authorActivityId(trx, target.id, target.authorId, voterId, types.get(key)!);
  }

  async #summary(
    trx: Transaction<DB>,
    objectId: string,
    upType: number,
    downType: number | null,
    holds: Direction | null,
  ): Promise<VoteResp> {
    const rows = await repo.voteCounts(trx, objectId, downType === null ? [upType] : [upType, downType]);
    const count = (type: number | null) => Number(rows.find((r) => Number(r.activity_type) === type)?.n ?? 0);
    const up = count(upType);
    const down = downType === null ? 0 : count(downType);
    const status: VoteStatus = holds === 'up' ? 'vote_up' : holds === 'down' ? 'vote_down' : '';
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
