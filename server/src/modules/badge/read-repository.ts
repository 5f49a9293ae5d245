import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { LIST_USER_COLUMNS } from '../profile/table';
import { BADGE_STATUS, type BadgeRow } from './table';
import { writeTransaction } from '../../db/transaction';

/** Reads of the badge routes (the award writes are in repository.ts). */

export function allBadges(db: Kysely<DB>): Promise<BadgeRow[]> {
  return db.selectFrom('badge').selectAll().orderBy('badge_group_id').orderBy('id').execute();
}

export function badgeGroups(db: Kysely<DB>) {
  return db.selectFrom('badge_group').select(['id', 'name']).orderBy('id').execute();
}

export function findBadge(db: Kysely<DB>, id: string): Promise<BadgeRow | undefined> {
  return db.selectFrom('badge').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many times `userId` earned each badge. */
export async function earnedCounts(db: Kysely<DB>, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('badge_award')
    .select(['badge_id', (eb) => eb.fn.countAll().as('n')])
    .where('user_id', '=', userId)
    .groupBy('badge_id')
    .execute();
  return new Map(rows.map((r) => [r.badge_id, Number(r.n)]));
}

/** A badge's awards (one member's when `userId` is given), newest first, with the page's slice. */
export async function awardsPage(
  db: Kysely<DB>,
  badgeId: string,
  userId: number | undefined,
  limit: number,
  offset: number,
) {
  let base = db.selectFrom('badge_award').where('badge_id', '=', badgeId);
  if (userId !== undefined) base = base.where('user_id', '=', userId);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'user_id', 'award_key', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { count: Number(total.n), rows };
}

/** The list columns of these users. */
export function listUsers(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('user').select(LIST_USER_COLUMNS).where('user.id', 'in', ids).execute();
}

/** The title of these questions. */
export function questionTitles(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('question').select(['id', 'title']).where('id', 'in', ids).execute();
}

/** The active badges a member holds: times earned and the latest award, most recent first. */
export async function memberBadges(db: Kysely<DB>, userId: number, limit?: number) {
  let query = db
    .selectFrom('badge_award')
    .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
    .select([
      'badge.id',
      'badge.name',
      'badge.icon',
      'badge.level',
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.max('badge_award.created_at').as('latest'),
    ])
    .where('badge_award.user_id', '=', userId)
    .where('badge.status', '=', BADGE_STATUS.active)
    .groupBy(['badge.id', 'badge.name', 'badge.icon', 'badge.level'])
    .orderBy('latest', 'desc')
    .orderBy('badge.id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** Switches a badge; `also` runs in the same transaction once the badge row changed. */
export async function setBadgeStatus(
  db: Kysely<DB>,
  id: string,
  status: number,
  now: number,
  also?: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('badge')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('badge_award')
      .set({ is_badge_deleted: status === BADGE_STATUS.active ? 0 : 1 })
      .where('badge_id', '=', id)
      .execute();
    await also?.(trx);
    return true;
  });
}
