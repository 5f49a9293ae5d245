import type { SiteModeration } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { isStaffRole } from '../post/table';
import { defaultSiteSettings } from '../settings/defaults';
import type { SettingsStore } from '../settings/store';
import { countPublishedPosts, insertDeletion, insertReview, selectDeletionTimes } from './repository';
import {
  QUEUE_REASON,
  QUEUE_SUBMITTER,
  REVIEW_OBJECT_TYPE,
  REVIEW_STATUS,
  type QueueDecision,
  type QueuedType,
} from './table';

const DAY = 24 * 60 * 60 * 1000;

/** What the queue rule reads about a new post. */
export interface NewPost {
  type: QueuedType;
  authorId: number;
  title: string;
  body: string;
  /** The post sits under a queued question: it waits with it. */
  parentQueued?: boolean;
}

/** The rule as in force for one author, read before the post's transaction. */
export interface QueuePolicy {
  firstPosts: number;
  words: RegExp | null;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for a word list: whole words (no letter, digit or _ on either side), any case. */
export function wordPattern(words: readonly string[]): RegExp | null {
  const list = words.map((w) => w.trim()).filter((w) => w !== '');
  if (list.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${list.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
}

/**
 * Whether a new post waits for review, and the repeat-deletion block (docs/product-rules.md,
 * "Queued posts" and "Repeat deletions"). The post modules ask it as they create a post, inside
 * their transaction; the settings are read before it (SQLite has one connection).
 */
export class QueueRule {
  readonly #db: Kysely<DB>;
  readonly #settings: Pick<SettingsStore, 'get'> | undefined;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { settings?: Pick<SettingsStore, 'get'>; now?: () => number } = {}) {
    this.#db = db;
    this.#settings = options.settings;
    this.#now = options.now ?? Date.now;
  }

  async #moderation(): Promise<SiteModeration> {
    return this.#settings ? this.#settings.get('moderation') : defaultSiteSettings('').moderation;
  }

  /** The rule for a post by this author: null when nothing can queue it (staff, both settings off). */
  async policy(author: { userId: number; roleId: number }): Promise<QueuePolicy | null> {
    if (isStaffRole(author.roleId)) return null;
    const settings = await this.#moderation();
    const policy = { firstPosts: settings.queue_first_posts, words: wordPattern(settings.queue_words) };
    return policy.firstPosts > 0 || policy.words ? policy : null;
  }

  /** Whether the post waits for review (and why), reading the author's record in `trx`. */
  async decide(trx: Transaction<DB>, policy: QueuePolicy | null, post: NewPost): Promise<QueueDecision | null> {
    if (post.parentQueued) return { reason: QUEUE_REASON.questionQueued, submitter: QUEUE_SUBMITTER.newMember };
    if (!policy) return null;
    if (policy.firstPosts > 0 && (await countPublishedPosts(trx, post.authorId)) < policy.firstPosts)
      return { reason: QUEUE_REASON.newMember, submitter: QUEUE_SUBMITTER.newMember };
    if (policy.words && (policy.words.test(post.title) || policy.words.test(post.body)))
      return { reason: QUEUE_REASON.watchedWords, submitter: QUEUE_SUBMITTER.watchedWords };
    return null;
  }

  /** The pending review task of a post just written with status 11. */
  async enqueue(
    trx: Transaction<DB>,
    decision: QueueDecision,
    post: { id: string; type: QueuedType; authorId: number },
    now: number,
  ): Promise<void> {
    await insertReview(trx, {
      user_id: post.authorId,
      object_id: post.id,
      object_type: REVIEW_OBJECT_TYPE[post.type],
      reviewer_user_id: null,
      status: REVIEW_STATUS.pending,
      reason: decision.reason,
      submitter: decision.submitter,
      created_at: now,
      updated_at: now,
    });
  }

  /**
   * Refuses a question or an answer while the author is blocked by the repeat-deletion rule: 400
   * error.post.deletion_blocked (the message does not say how many deletions there were).
   */
  async refuseIfBlocked(author: { userId: number; roleId: number }): Promise<void> {
    if (isStaffRole(author.roleId)) return;
    const settings = await this.#moderation();
    const limit = settings.deletion_block_count;
    if (limit <= 0) return;
    const window = settings.deletion_block_days * DAY;
    const block = settings.deletion_block_block_days * DAY;
    const now = this.#now();
    const times = await selectDeletionTimes(this.#db, author.userId, now - window - block);
    // Blocked while a deletion that made `limit` within the window is less than the block old.
    for (let i = limit - 1; i < times.length; i += 1) {
      const at = times[i]!;
      if (at - times[i - limit + 1]! <= window && now < at + block)
        throw ApiFailure.badRequest('error.post.deletion_blocked');
    }
  }

  /** Records a deletion of an answered question or an accepted answer of `authorId`. */
  async recordDeletion(
    trx: Transaction<DB>,
    deletion: { authorId: number; objectId: string; deletedBy: number },
    now: number,
  ): Promise<void> {
    await insertDeletion(trx, {
      userId: deletion.authorId,
      objectId: deletion.objectId,
      deletedBy: deletion.deletedBy,
      now,
    });
  }
}
