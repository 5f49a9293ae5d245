import type { Kysely, Transaction } from 'kysely';
import { newObjectId, nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { requireVisible, type Viewer } from '../visibility/rule';

/**
 * Bookmarks (answer-api.md §2.6 collection/switch) as the demo seeder stores them: a `collection`
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
      await trx
        .updateTable('question')
        .set((eb) => ({ collection_count: eb('collection_count', '+', 0) }))
        .where('id', '=', questionId)
        .execute();
      const held = await trx
        .selectFrom('collection')
        .select('id')
        .where('user_id', '=', userId)
        .where('object_id', '=', questionId)
        .executeTakeFirst();
      let delta = 0;
      if (bookmark && !held) {
        const group = await this.#defaultGroup(trx, userId, now);
        await trx
          .insertInto('collection')
          .values({
            id: await newObjectId(trx, 'collection'),
            user_id: userId,
            object_id: questionId,
            user_collection_group_id: group,
            created_at: now,
            updated_at: now,
          })
          .execute();
        delta = 1;
      } else if (!bookmark && held) {
        await trx.deleteFrom('collection').where('id', '=', held.id).execute();
        delta = -1;
      }
      if (delta !== 0) {
        await trx
          .updateTable('question')
          .set((eb) => ({ collection_count: eb('collection_count', '+', delta) }))
          .where('id', '=', questionId)
          .execute();
      }
      const row = await trx
        .selectFrom('question')
        .select('collection_count')
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow();
      return Number(row.collection_count);
    });
  }

  /** The user's default group, created on the first bookmark (Answer names it "default"). */
  async #defaultGroup(trx: Transaction<DB>, userId: number, now: number): Promise<number> {
    const found = await trx
      .selectFrom('collection_group')
      .select('id')
      .where('user_id', '=', userId)
      .where('default_group', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (found) return Number(found.id);
    const id = await nextId(trx, 'collection_group');
    await trx
      .insertInto('collection_group')
      .values({ id, user_id: userId, name: 'default', default_group: 1, created_at: now, updated_at: now })
      .execute();
    return id;
  }
}
