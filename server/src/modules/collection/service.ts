import type { Kysely, Transaction } from 'kysely';
import { newObjectId, nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { awardBadges } from '../badge/awards';
import { requireVisible, type Viewer } from '../visibility/rule';
import * as repo from './repository';

/**
 * Bookmarks (collection/switch) as the demo seeder stores them: a `collection`
 * row (object id type 6) per user and question (unique pair) in the user's default
 * `collection_group`, and `question.collection_count` = the question's bookmarks. The question's
 * row is locked first (its counter raised by itself), so concurrent switches on it queue.
 */
export interface CollectionSource {
  /**
   * Resolves when the id names a live question (open or closed) the user may see (the visibility
   * rule); otherwise throws the 404 an unknown question answers (a toast).
   */
  requireBookmarkable(questionId: string, viewer: Viewer): Promise<void>;
  /** Bookmarks (true) or removes the bookmark (false); returns the question's bookmark count. */
  toggle(userId: number, questionId: string, bookmark: boolean): Promise<number>;
}

export class CollectionService implements CollectionSource {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async requireBookmarkable(questionId: string, viewer: Viewer): Promise<void> {
    await requireVisible(this.#db, questionId, viewer, { types: ['question'], live: true, errType: 'toast' });
  }

  async toggle(userId: number, questionId: string, bookmark: boolean): Promise<number> {
    return writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      await repo.addCollectionCount(trx, questionId, 0);
      const held = await repo.findBookmark(trx, userId, questionId);
      let delta = 0;
      if (bookmark && !held) {
        const group = await this.#defaultGroup(trx, userId, now);
        await repo.insertBookmark(trx, {
          id: await newObjectId(trx, 'collection'),
          user_id: userId,
          object_id: questionId,
          user_collection_group_id: group,
          created_at: now,
          updated_at: now,
        });
        delta = 1;
        await awardBadges(trx, { kind: 'bookmark', userId }, now);
      } else if (!bookmark && held) {
        await repo.deleteBookmark(trx, held);
        delta = -1;
      }
      if (delta !== 0) await repo.addCollectionCount(trx, questionId, delta);
      return repo.collectionCount(trx, questionId);
    });
  }

  /** The user's default group, created on the first bookmark (Answer names it "default"). */
  async #defaultGroup(trx: Transaction<DB>, userId: number, now: number): Promise<number> {
    const found = await repo.findDefaultGroup(trx, userId);
    if (found !== undefined) return found;
    const id = await nextId(trx, 'collection_group');
    await repo.insertGroup(trx, {
      id,
      user_id: userId,
      name: 'default',
      default_group: 1,
      created_at: now,
      updated_at: now,
    });
    return id;
  }
}
