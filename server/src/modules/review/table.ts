import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** review.status: a queued post's task. */
export const REVIEW_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

/** review.object_type: the post's type code (as reports store it). */
export const REVIEW_OBJECT_TYPE = { question: 1, answer: 2, comment: 7 } as const;
export type QueuedType = keyof typeof REVIEW_OBJECT_TYPE;

export function queuedTypeOf(code: number): QueuedType {
  if (code === REVIEW_OBJECT_TYPE.answer) return 'answer';
  if (code === REVIEW_OBJECT_TYPE.comment) return 'comment';
  return 'question';
}

/** The status of a post waiting for review (question, answer and comment alike). */
export const PENDING_POST_STATUS = 11;

/** Why a post was queued (a reason key the review screen translates) and the rule's name. */
export const QUEUE_REASON = {
  newMember: 'review.reason.new_member',
  watchedWords: 'review.reason.watched_words',
  questionQueued: 'review.reason.question_queued',
} as const;
export const QUEUE_SUBMITTER = {
  newMember: 'First posts of a new account',
  watchedWords: 'Watched words',
} as const;

/** The decision that queues a post: its reason and the rule that made it. */
export interface QueueDecision {
  reason: string;
  submitter: string;
}

/** A queued post as the review service needs it to approve or reject it. */
export interface QueuedPost {
  id: string;
  type: QueuedType;
  authorId: number;
  questionId: string;
  /** The question's title (what the author's inbox entry shows). */
  title: string;
  /** `{question, answer?, comment?}`: where the inbox entry links. */
  map: Record<string, string>;
  /** The writes that make the post count as a new post would (counters, tag links, notices). */
  publish(trx: Transaction<DB>, now: number): Promise<void>;
  /** The writes of a rejected post (tag links removed); its status is set by the caller. */
  reject(trx: Transaction<DB>, now: number): Promise<void>;
}

/**
 * What each post module gives the review queue: a queued post of its type, read before the review's
 * transaction (undefined when there is none).
 */
export type QueuedPostSource = (id: string) => Promise<QueuedPost | undefined>;
