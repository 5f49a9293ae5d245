import type { Migration } from 'kysely';
import { ensureIndex, hasColumn, tableOptions, type AnyDb } from './helpers';

/**
 * Badges. `badge_group` (plain ids 1-3, `name` an i18n key) holds the catalogue's groups. `badge` rows
 * are Answer-format object ids (type 9): `name` and `description` are i18n keys, `icon` one of the
 * icon names the browser draws, `award_count` the members who earned it, `status` 1 active / 11
 * inactive, `level` 1 bronze / 2 silver / 3 gold, `single` 1 once per member / 2 once per post,
 * `handler` the rule that awards it and `param` its JSON settings (`{"threshold": n}`).
 * `badge_award` (ids of type 10) is one award: `award_key` is the post that earned it ('' for a
 * member-wide badge), unique per (user_id, badge_id, award_key) so an award is written once however
 * many requests race for it; `is_badge_deleted` is 1 while the badge is switched off.
 *
 * The catalogue is seeded here on installed sites; a site installed later gets it from the installer
 * (an empty database stays empty, so a dump can be restored into it).
 */

export interface BadgeSeed {
  /** The rule (and the i18n key stem `badge.<key>`). */
  key: string;
  group: 1 | 2 | 3;
  icon: string;
  level: 1 | 2 | 3;
  /** 1 once per member, 2 once per post. */
  single: 1 | 2;
  handler: string;
  threshold: number;
}

export const BADGE_GROUPS = [
  { id: 1, name: 'badge.group.getting_started' },
  { id: 2, name: 'badge.group.community' },
  { id: 3, name: 'badge.group.posting' },
];

const once = (key: string, group: 1 | 2 | 3, icon: string, handler = key): BadgeSeed => ({
  key,
  group,
  icon,
  level: 1,
  single: 1,
  handler,
  threshold: 1,
});
const tiers = (
  stem: string,
  group: 1 | 2 | 3,
  icon: string,
  single: 1 | 2,
  thresholds: number[],
  firstLevel: 1 | 2 = 1,
): BadgeSeed[] =>
  thresholds.map((threshold, i) => ({
    key: `${stem}_${threshold}`,
    group,
    icon,
    level: Math.min(3, firstLevel + i) as 1 | 2 | 3,
    single,
    handler: stem,
    threshold,
  }));

/** The catalogue, in the order it is listed. */
export const BADGE_CATALOGUE: BadgeSeed[] = [
  once('first_question', 1, 'question'),
  once('first_answer', 1, 'answer'),
  once('first_accepted', 1, 'accepted'),
  once('first_edit', 1, 'edit'),
  once('first_flag', 1, 'flag'),
  once('first_vote', 1, 'vote'),
  once('first_bookmark', 1, 'bookmark'),
  once('profile_completed', 1, 'profile'),
  ...tiers('reputation', 2, 'reputation', 1, [200, 1000, 10000]),
  ...tiers('visit_streak', 2, 'calendar', 1, [30, 100], 2),
  ...tiers('accepted_answers', 2, 'accepted', 1, [10, 50], 2),
  ...tiers('question_score', 3, 'score', 2, [10, 25, 100]),
  ...tiers('answer_score', 3, 'score', 2, [10, 25, 100]),
  ...tiers('question_views', 3, 'views', 2, [1000, 2500, 10000]),
];

/**
 * Writes the groups and badges that are missing (by name), each badge under a new object id from the
 * shared `uniqid` counter. Used by this migration and by the installer (in its transaction).
 */
export async function seedBadgeCatalogue(db: AnyDb, now: number): Promise<void> {
  const groups = new Set((await db.selectFrom('badge_group').select('id').execute()).map((r) => Number(r.id)));
  for (const group of BADGE_GROUPS) {
    if (!groups.has(group.id))
      await db
        .insertInto('badge_group')
        .values({ ...group, created_at: now, updated_at: now })
        .execute();
  }
  const names = new Set((await db.selectFrom('badge').select('name').execute()).map((r) => String(r.name)));
  for (const seed of BADGE_CATALOGUE) {
    const name = `badge.${seed.key}.name`;
    if (names.has(name)) continue;
    await db
      .updateTable('id_sequence')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'uniqid')
      .execute();
    const row = await db
      .selectFrom('id_sequence')
      .select('value')
      .where('name', '=', 'uniqid')
      .executeTakeFirstOrThrow();
    const counter = Number(row.value);
    await db.insertInto('uniqid').values({ id: counter, uniqid_type: 9 }).execute();
    await db
      .insertInto('badge')
      .values({
        id: `1009${String(counter).padStart(13, '0')}`,
        name,
        description: `badge.${seed.key}.desc`,
        icon: seed.icon,
        award_count: 0,
        status: 1,
        badge_group_id: seed.group,
        level: seed.level,
        single: seed.single,
        handler: seed.handler,
        param: JSON.stringify({ threshold: seed.threshold }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export const badges: Migration = {
  async up(db: AnyDb) {
    await tableOptions(db)(
      db.schema
        .createTable('badge_group')
        .ifNotExists()
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await tableOptions(db)(
      db.schema
        .createTable('badge')
        .ifNotExists()
        .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(100)', (c) => c.notNull())
        .addColumn('icon', 'varchar(100)', (c) => c.notNull())
        .addColumn('award_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('badge_group_id', 'bigint', (c) => c.notNull().references('badge_group.id'))
        .addColumn('level', 'smallint', (c) => c.notNull())
        .addColumn('single', 'smallint', (c) => c.notNull())
        .addColumn('handler', 'varchar(50)', (c) => c.notNull())
        .addColumn('param', 'varchar(500)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await ensureIndex(db, { name: 'badge_handler_idx', table: 'badge', columns: ['handler', 'status'] });
    await tableOptions(db)(
      db.schema
        .createTable('badge_award')
        .ifNotExists()
        .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
        .addColumn('badge_id', 'varchar(20)', (c) => c.notNull().references('badge.id'))
        .addColumn('award_key', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('badge_group_id', 'bigint', (c) => c.notNull())
        .addColumn('is_badge_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    ).execute();
    // One award per member, badge and post: the key that makes awarding idempotent.
    await ensureIndex(db, {
      name: 'badge_award_unique_idx',
      table: 'badge_award',
      columns: ['user_id', 'badge_id', 'award_key'],
      unique: true,
    });
    // A badge's recipients, newest first.
    await ensureIndex(db, { name: 'badge_award_badge_idx', table: 'badge_award', columns: ['badge_id', 'created_at'] });
    // A member's visit streak (consecutive UTC days), kept beside visit_days.
    if (!(await hasColumn(db, 'user', 'visit_streak')))
      await db.schema
        .alterTable('user')
        .addColumn('visit_streak', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    const installed = await db.selectFrom('config').select('id').limit(1).execute();
    if (installed.length) await seedBadgeCatalogue(db, Date.now());
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('user').dropColumn('visit_streak').execute();
    await db.schema.dropTable('badge_award').ifExists().execute();
    await db.schema.dropTable('badge').ifExists().execute();
    await db.schema.dropTable('badge_group').ifExists().execute();
    await db.deleteFrom('uniqid').where('uniqid_type', 'in', [9, 10]).execute();
  },
};
