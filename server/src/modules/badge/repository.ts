import type { Insertable, Kysely, Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { BadgeAwardTable, DB } from '../../db/schema';
import { BADGE_STATUS, type BadgeRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Active badges awarded by any of `handlers` that the member does not hold for `key` yet (the post
 * for per-post badges, '' for member-wide ones).
 */
export function pendingBadges(
  db: Executor,
  handlers: readonly string[],
  userId: number,
  key: string,
): Promise<BadgeRow[]> {
  if (handlers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('badge')
    .selectAll('badge')
    .where('badge.handler', 'in', [...handlers])
    .where('badge.status', '=', BADGE_STATUS.active)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('badge_award')
            .select('badge_award.id')
            .whereRef('badge_award.badge_id', '=', 'badge.id')
            .where('badge_award.user_id', '=', userId)
            .where('badge_award.award_key', '=', key),
        ),
      ),
    )
    .orderBy('badge.id')
    .execute();
}

/** Locks the badge row until the transaction ends (awards of one badge then queue). */
export async function lockBadge(trx: Transaction<DB>, badgeId: string): Promise<void> {
  await trx
    .updateTable('badge')
    .set((eb) => ({ award_count: eb('award_count', '+', 0) }))
    .where('id', '=', badgeId)
    .execute();
}

/**
 * Inserts an award unless the member already holds it for that key (the unique index decides, without
 * an error: a failed statement would abort a PostgreSQL transaction). True when a row was written.
 */
export async function insertAward(trx: Transaction<DB>, row: Insertable<BadgeAwardTable>): Promise<boolean> {
  const insert = trx.insertInto('badge_award').values(row);
  const result =
    dialectOf(trx as unknown as Kysely<unknown>) === 'mysql'
      ? await insert.ignore().executeTakeFirst()
      : await insert
          .onConflict((oc) => oc.columns(['user_id', 'badge_id', 'award_key']).doNothing())
          .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countUserAwards(db: Executor, userId: number, badgeId: string): Promise<number> {
  const row = await db
    .selectFrom('badge_award')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('badge_id', '=', badgeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function bumpAwardCount(trx: Transaction<DB>, badgeId: string): Promise<void> {
  await trx
    .updateTable('badge')
    .set((eb) => ({ award_count: eb('award_count', '+', 1) }))
    .where('id', '=', badgeId)
    .execute();
}

/** The user columns the rules read (undefined: no such user). */
export function userFacts(db: Executor, userId: number) {
  return db
    .selectFrom('user')
    .select(['id', 'status', 'rank', 'visit_streak', 'display_name', 'bio', 'website', 'location', 'avatar'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The config key of an activity type (config row id). */
export async function configKey(db: Executor, typeId: number): Promise<string | undefined> {
  const row = await db.selectFrom('config').select('key').where('id', '=', typeId).executeTakeFirst();
  return row?.key;
}

/** The posts whose active activities of `typeId` a member has (e.g. accepted answers). */
export async function countActivityObjects(db: Executor, userId: number, typeId: number): Promise<number> {
  const row = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.count('object_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('activity_type', '=', typeId)
    .where('cancelled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A question's or answer's author and score (undefined: no such post). */
export function postScore(db: Executor, type: 'question' | 'answer', id: string) {
  return type === 'question'
    ? db.selectFrom('question').select(['user_id', 'vote_count as value']).where('id', '=', id).executeTakeFirst()
    : db.selectFrom('answer').select(['user_id', 'vote_count as value']).where('id', '=', id).executeTakeFirst();
}

/** A question's author and view count. */
export function questionViews(db: Executor, id: string) {
  return db.selectFrom('question').select(['user_id', 'view_count as value']).where('id', '=', id).executeTakeFirst();
}
