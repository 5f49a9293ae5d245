import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { DAY_MS } from '../../lib/time';
import { notifyReputation } from '../notification/achievements';
import { badgesAfterActivity } from '../badge/awards';
import { fixedConfigRows } from '../config/service';

/**
 * Reputation (docs/product-rules.md) as the demo seeder stores it (db/README.md "Votes and follows as
 * activities"): every change is an `activity` row whose `activity_type` is the config row id of its
 * key and whose `rank` is the change **applied** (after the daily cap and the floor of 1), and
 * `user.rank` moves by exactly that amount, so `user.rank` = its starting rank + the ranks of its
 * active activities (what `verifyCounters` recounts).
 *
 * Rules, with the values of their `config` rows (written by migrations and the installer only):
 * - a positive change is dropped (rank 0) once the user gained `daily_rank_limit` (200) that UTC day
 *   from non-excluded keys; keys in `daily_rank_limit.exclude` (`answer.accepted`) always count;
 * - a negative change never takes the user below 1;
 * - cancelling marks the activity cancelled and gives its applied rank back;
 * - every change that moves a user's rank on a question or answer (given back too) is added to that
 *   user's achievement entry of the post and day (notification module), in the same transaction.
 *
 * Concurrency: the user's row is locked (UPDATE of itself, or SELECT ... FOR UPDATE) before the day's
 * gains are summed, so two changes for one user never both pass the cap. Every writer of reputation
 * takes its locks in one order, inside `writeTransaction` (READ COMMITTED, so every statement sees what
 * the transactions it waited for committed; a deadlock left is retried):
 * 1. the posts it changes (a question before its answers);
 * 2. every member whose rank may move, by ascending id (`lockMembers`);
 * 3. only then anything else: activity, notification and badge rows.
 * Id counters are not part of the order: on PostgreSQL and MySQL they are raised and committed on a
 * connection of their own (db/id-source.ts), so no writer holds one while it waits for a row lock.
 */

export interface ReputationChange {
  /** Who receives the change (and owns the activity row). */
  userId: number;
  /** The config key, e.g. `question.voted_up`, `answer.accepted`, `question.follow`. */
  key: string;
  /** The object acted on (vote: the voted post; accept: the answer). */
  objectId: string;
  /** The post whose timeline shows it (default: objectId; accept: the question). */
  originalObjectId?: string;
  /** Who caused it (the voter on the author's row); 0 on the actor's own row. */
  triggerUserId?: number;
  revisionId?: number | null;
  /** Unix ms (default Date.now()). */
  now?: number;
}

export interface AppliedReputation {
  activityId: number;
  /** The change applied to user.rank (0 when capped or without value). */
  rank: number;
}

interface Rules {
  typeId: number;
  value: number;
  cap: number;
  excluded: boolean;
  excludedIds: number[];
}

async function rulesFor(trx: Kysely<DB>, key: string): Promise<Rules> {
  // Fixed rows (config/service.ts): read once per database, never per change.
  const byKey = await fixedConfigRows(trx, [key, 'daily_rank_limit', 'daily_rank_limit.exclude']);
  const row = byKey.get(key);
  if (!row) throw new Error(`config key ${key} is missing: is the site installed?`);
  const number = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isFinite(n) ? Math.trunc(n) : fallback;
  };
  let excludedKeys: string[] = [];
  try {
    const parsed = JSON.parse(byKey.get('daily_rank_limit.exclude')?.value ?? '[]') as unknown;
    if (Array.isArray(parsed)) excludedKeys = parsed.filter((k): k is string => typeof k === 'string');
  } catch {
    excludedKeys = [];
  }
  const excludedIds = [...(await fixedConfigRows(trx, excludedKeys)).values()].map((r) => r.id);
  return {
    typeId: row.id,
    value: number(row.value, 0),
    cap: number(byKey.get('daily_rank_limit')?.value, 200),
    excluded: excludedKeys.includes(key),
    excludedIds,
  };
}

/** The config row id (activity_type) of each key. */
export async function activityTypes(db: Kysely<DB>, keys: string[]): Promise<Map<string, number>> {
  const rows = await fixedConfigRows(db, keys);
  const map = new Map([...rows.values()].map((r) => [r.key, r.id]));
  for (const key of keys) if (!map.has(key)) throw new Error(`config key ${key} is missing: is the site installed?`);
  return map;
}

/** Locks a user's row until the transaction ends and returns its rank (undefined: no such user). */
async function lockUser(trx: Kysely<DB>, userId: number): Promise<number | undefined> {
  const query = trx.selectFrom('user').select('rank').where('id', '=', userId);
  // SQLite has no row locks (and no FOR UPDATE): a write transaction there is already exclusive.
  const row =
    dialectOf(trx as unknown as Kysely<unknown>) === 'sqlite3'
      ? await query.executeTakeFirst()
      : await query.forUpdate().executeTakeFirst();
  return row ? Number(row.rank) : undefined;
}

/** Locks users' rows in ascending id order (the order every writer uses, so they never deadlock). */
export async function lockUsers(trx: Kysely<DB>, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) await lockUser(trx, id);
}

/** Step 2 of the lock order above: the members a reputation writer may change, by ascending id. */
export async function lockMembers(trx: Transaction<DB>, userIds: number[]): Promise<void> {
  await lockUsers(trx, userIds);
}

/** What the user gained today from capped keys (active positive changes since 00:00 UTC). */
async function gainedToday(trx: Kysely<DB>, userId: number, now: number, excludedIds: number[]): Promise<number> {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  let query = trx
    .selectFrom('activity')
    .select((eb) => eb.fn.sum<number | string | null>('rank').as('gained'))
    .where('user_id', '=', userId)
    .where('has_rank', '=', 1)
    .where('cancelled', '=', 0)
    .where('rank', '>', 0)
    .where('created_at', '>=', dayStart);
  if (excludedIds.length) query = query.where('activity_type', 'not in', excludedIds);
  const row = await query.executeTakeFirst();
  return Number(row?.gained ?? 0);
}

/** A lifecycle record (asked, answered, edited, closed, deleted, ...): an activity that moves no reputation. */
export interface ActivityRecord {
  userId: number;
  objectId: string;
  /** The question a post or comment belongs to (default: the object itself). */
  originalObjectId?: string;
  /** The activity type: the config row id of the activity key. */
  typeId: number;
  revisionId?: number | null;
  now: number;
}

/** Writes one activity without reputation inside the caller's transaction. */
export async function recordActivity(trx: Transaction<DB>, record: ActivityRecord): Promise<void> {
  await trx
    .insertInto('activity')
    .values({
      id: await nextId(trx, 'activity'),
      user_id: record.userId,
      trigger_user_id: 0,
      object_id: record.objectId,
      original_object_id: record.originalObjectId ?? record.objectId,
      activity_type: record.typeId,
      cancelled: 0,
      cancelled_at: null,
      rank: 0,
      has_rank: 0,
      revision_id: record.revisionId ?? null,
      created_at: record.now,
      updated_at: record.now,
    })
    .execute();
  await badgesAfterActivity(trx, record.userId, record.typeId, record.now);
}

/**
 * Records one reputation change for `userId` inside the caller's transaction: the activity row (also
 * when the change is 0: it is the record of a vote or follow) and `user.rank` raised or lowered by the
 * applied amount.
 */
export async function applyReputation(trx: Transaction<DB>, change: ReputationChange): Promise<AppliedReputation> {
  const now = change.now ?? Date.now();
  const rules = await rulesFor(trx, change.key);
  let rank = rules.value;
  let current: number | undefined;
  if (rank !== 0) {
    current = await lockUser(trx, change.userId);
    if (current === undefined) throw new Error(`user ${change.userId} does not exist`);
    if (rank > 0 && !rules.excluded) {
      if ((await gainedToday(trx, change.userId, now, rules.excludedIds)) >= rules.cap) rank = 0;
    } else if (rank < 0 && current + rank < 1) {
      rank = Math.min(0, 1 - current);
    }
  }
  const activityId = await nextId(trx, 'activity');
  await trx
    .insertInto('activity')
    .values({
      id: activityId,
      user_id: change.userId,
      trigger_user_id: change.triggerUserId ?? 0,
      object_id: change.objectId,
      original_object_id: change.originalObjectId ?? change.objectId,
      activity_type: rules.typeId,
      cancelled: 0,
      cancelled_at: null,
      rank,
      has_rank: rank !== 0 ? 1 : 0,
      revision_id: change.revisionId ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (rank !== 0) {
    await trx
      .updateTable('user')
      .set((eb) => ({ rank: eb('rank', '+', rank) }))
      .where('id', '=', change.userId)
      .execute();
    await notifyReputation(trx, { userId: change.userId, objectId: change.objectId, rank, now });
  }
  // Only a raised reputation can earn a reputation badge (the row is locked: current + rank is what it holds).
  await badgesAfterActivity(trx, change.userId, rules.typeId, now, rank > 0 ? current! + rank : undefined);
  return { activityId, rank };
}

/**
 * Cancels an active activity (a vote taken back, an accept undone): marks it cancelled and gives its
 * applied rank back, exactly (so user.rank stays the sum of the active activities). Returns the rank
 * given back, or null when the activity is missing or already cancelled.
 */
export async function cancelReputation(
  trx: Transaction<DB>,
  activityId: number,
  now = Date.now(),
): Promise<number | null> {
  const row = await trx
    .selectFrom('activity')
    .select(['user_id', 'object_id', 'rank', 'has_rank', 'cancelled'])
    .where('id', '=', activityId)
    .executeTakeFirst();
  if (!row || Number(row.cancelled) !== 0) return null;
  const result = await trx
    .updateTable('activity')
    .set({ cancelled: 1, cancelled_at: now, updated_at: now })
    .where('id', '=', activityId)
    .where('cancelled', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const rank = Number(row.has_rank) === 1 ? Number(row.rank) : 0;
  if (rank !== 0) {
    await lockUser(trx, Number(row.user_id));
    await trx
      .updateTable('user')
      .set((eb) => ({ rank: eb('rank', '-', rank) }))
      .where('id', '=', Number(row.user_id))
      .execute();
    await notifyReputation(trx, { userId: Number(row.user_id), objectId: row.object_id, rank: -rank, now });
  }
  return rank;
}
