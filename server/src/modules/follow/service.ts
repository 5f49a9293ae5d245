import type { FollowingTag } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { activityTypes, applyReputation, cancelReputation } from '../reputation';
import { writeTransaction } from '../../db/transaction';
import { findVisible, isLive, type Viewer } from '../visibility/rule';
import * as repo from './repository';
import type { FollowableType } from './table';

export type { FollowableType } from './table';

/**
 * Follows of questions and tags (POST follow) as the demo seeder stores them: an
 * activity `question.follow` / `tag.follow` of the follower (rank 0), cancelled when unfollowed, and
 * the object's `follow_count` = its active follows. The object's row is locked first.
 */

export interface FollowSource {
  /** The type of a live question (open or closed) the follower may see, or of a tag; else null. */
  followable(objectId: string, follower: Viewer): Promise<FollowableType | null>;
  follow(
    userId: number,
    type: FollowableType,
    objectId: string,
    cancel: boolean,
  ): Promise<{ follows: number; is_followed: boolean }>;
  /** Follows exactly these tags (by slug; unknown or deleted ones are ignored) and unfollows the rest. */
  setTags(userId: number, slugs: string[]): Promise<void>;
  /** The tags the user follows, by slug. */
  followingTags(userId: number): Promise<FollowingTag[]>;
}

/**
 * The members following a question, read in the caller's transaction. `staffOnly` (an unlisted
 * question, which only staff and its author may see): moderators and admins only.
 */
export async function questionFollowers(
  db: Kysely<DB> | Transaction<DB>,
  questionId: string,
  staffOnly: boolean,
): Promise<number[]> {
  const key = 'question.follow';
  const typeId = (await activityTypes(db, [key])).get(key)!;
  return repo.followerIds(db, questionId, typeId, staffOnly);
}

async function tagFollowType(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  return (await activityTypes(db, ['tag.follow'])).get('tag.follow')!;
}

/** The members following any of these tags (new-question mails). */
export async function tagFollowers(db: Kysely<DB> | Transaction<DB>, tagIds: string[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  return repo.followersOfAny(db, tagIds, await tagFollowType(db));
}

/** The ids of the tags a member follows (the weekly digest). */
export async function followedTagIds(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<string[]> {
  return repo.followedObjectIds(db, userId, await tagFollowType(db));
}

export class FollowService implements FollowSource {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async followable(objectId: string, follower: Viewer): Promise<FollowableType | null> {
    const type = objectTypeOf(objectId);
    if (type === 'question') {
      const found = await findVisible(this.#db, objectId, follower);
      return found && isLive(found) ? 'question' : null;
    }
    if (type === 'tag') return (await this.#mainTagId(objectId)) ? 'tag' : null;
    return null;
  }

  /**
   * The available tag a tag id stands for: itself, or the main tag of a synonym (a synonym maps to
   * its main tag everywhere, follows included); null for a deleted tag or a synonym of one.
   */
  async #mainTagId(tagId: string): Promise<string | null> {
    const row = await repo.findAvailableTag(this.#db, tagId);
    if (!row) return null;
    if (!row.main_tag_id) return row.id;
    const main = await repo.findAvailableTag(this.#db, row.main_tag_id);
    return main?.id ?? null;
  }

  async follow(userId: number, type: FollowableType, followed: string, cancel: boolean) {
    const key = `${type}.follow`;
    // Following a synonym follows its main tag; a cancel ends the follow of the id named.
    const objectId = type === 'tag' && !cancel ? ((await this.#mainTagId(followed)) ?? followed) : followed;
    const typeId = (await activityTypes(this.#db, [key])).get(key)!;
    return writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const bump = (delta: number) => repo.addFollowCount(trx, type, objectId, delta);
      await bump(0);
      const held = await repo.heldFollow(trx, userId, objectId, typeId);
      if (cancel && held !== null) {
        await cancelReputation(trx, held, now);
        await bump(-1);
      } else if (!cancel && held === null) {
        await applyReputation(trx, { userId, key, objectId, now });
        await bump(1);
      }
      return { follows: await repo.followCount(trx, type, objectId), is_followed: !cancel };
    });
  }

  async setTags(userId: number, slugs: string[]): Promise<void> {
    const wanted = [...new Set(slugs.map((slug) => slug.trim().toLowerCase()).filter(Boolean))];
    const tags = await repo.availableTagsBySlug(this.#db, wanted);
    // Synonyms stand for their main tags (when those are available).
    const mainIds = [...new Set(tags.flatMap((t) => (t.main_tag_id ? [t.main_tag_id] : [])))];
    const mains = await repo.availableTagsById(this.#db, mainIds);
    const availableMains = new Set(mains.map((m) => m.id));
    const keep = new Set(
      tags.flatMap((t) => (!t.main_tag_id ? [t.id] : availableMains.has(t.main_tag_id) ? [t.main_tag_id] : [])),
    );
    const held = await this.#followedTagIds(userId);
    for (const id of held) if (!keep.has(id)) await this.follow(userId, 'tag', id, true);
    for (const id of keep) if (!held.has(id)) await this.follow(userId, 'tag', id, false);
  }

  async followingTags(userId: number): Promise<FollowingTag[]> {
    const ids = [...(await this.#followedTagIds(userId))];
    if (ids.length === 0) return [];
    const rows = await repo.availableTagsById(this.#db, ids);
    // A follow of a synonym shows its main tag; deleted tags are left out.
    const mainIds = [...new Set(rows.flatMap((t) => (t.main_tag_id ? [t.main_tag_id] : [])))];
    const mains = await repo.availableTagsById(this.#db, mainIds);
    const byId = new Map(mains.map((t) => [t.id, t]));
    const shown = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const tag = row.main_tag_id ? byId.get(row.main_tag_id) : row;
      if (tag) shown.set(tag.id, tag);
    }
    return [...shown.values()]
      .sort((a, b) => (a.slug_name < b.slug_name ? -1 : a.slug_name > b.slug_name ? 1 : 0))
      .map((t) => ({
        tag_id: t.id,
        slug_name: t.slug_name,
        display_name: t.display_name,
        main_tag_slug_name: t.main_tag_slug_name ?? '',
        recommend: Number(t.recommend) === 1,
        reserved: Number(t.reserved) === 1,
      }));
  }

  async #followedTagIds(userId: number): Promise<Set<string>> {
    const key = 'tag.follow';
    const typeId = (await activityTypes(this.#db, [key])).get(key)!;
    return new Set(await repo.followedObjectIds(this.#db, userId, typeId));
  }
}
