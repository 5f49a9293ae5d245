import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, insertMissing, tableOptions, type AnyDb, type IndexSpec } from './helpers';

/**
 * The Q&A core (docs/wire-contract.md): questions, answers, comments, tags, votes/follows/reputation
 * (activity), revisions, bookmarks, meta, question links, notifications, reports and notification
 * settings. Column names and enum values are Answer's; where Answer writes 0 or "0" for "none"
 * (accepted_answer_id, main_tag_id, last_edit_user_id, revision_id, ...) the column is NULL here.
 * Object ids (17 digits) are VARCHAR(20); plain ids come from `id_sequence` counters seeded below.
 * See db/README.md for every column and the list orders the indexes serve.
 */

/** The counters this migration adds to id_sequence (plain autoincrement ids, made by the app). */
const SEQUENCES = [
  'tag_rel',
  'activity',
  'revision',
  'collection_group',
  'meta',
  'question_link',
  'notification',
  'user_notification_config',
];

/** Dropped in this order by `down` (children first). */
const TABLES = [
  'user_notification_config',
  'report',
  'notification',
  'question_link',
  'meta',
  'collection',
  'collection_group',
  'revision',
  'activity',
  'tag_rel',
  'comment',
  'answer',
  'tag',
  'question',
];

const INDEXES: IndexSpec[] = [
  // Question lists (docs/product-rules.md): listed (show = 1) questions, pinned (2) first, then the order.
  { name: 'question_newest_idx', table: 'question', columns: ['show', 'pin', 'created_at'] },
  { name: 'question_active_idx', table: 'question', columns: ['show', 'pin', 'post_update_time'] },
  { name: 'question_hot_idx', table: 'question', columns: ['show', 'pin', 'hot_score'] },
  { name: 'question_score_idx', table: 'question', columns: ['show', 'pin', 'vote_count', 'view_count'] },
  { name: 'question_unanswered_idx', table: 'question', columns: ['show', 'answer_count', 'pin', 'created_at'] },
  { name: 'question_frequent_idx', table: 'question', columns: ['show', 'pin', 'linked_count'] },
  { name: 'question_user_idx', table: 'question', columns: ['user_id', 'created_at'] },
  { name: 'answer_question_idx', table: 'answer', columns: ['question_id', 'created_at'] },
  { name: 'answer_user_idx', table: 'answer', columns: ['user_id', 'created_at'] },
  { name: 'comment_object_idx', table: 'comment', columns: ['object_id', 'created_at'] },
  { name: 'comment_user_idx', table: 'comment', columns: ['user_id', 'created_at'] },
  { name: 'tag_slug_name_uq', table: 'tag', columns: ['slug_name'], unique: true },
  { name: 'tag_popular_idx', table: 'tag', columns: ['status', 'question_count'] },
  { name: 'tag_newest_idx', table: 'tag', columns: ['status', 'created_at'] },
  { name: 'tag_main_tag_idx', table: 'tag', columns: ['main_tag_id'] },
  { name: 'tag_rel_object_tag_uq', table: 'tag_rel', columns: ['object_id', 'tag_id'], unique: true },
  { name: 'tag_rel_tag_idx', table: 'tag_rel', columns: ['tag_id', 'status', 'object_id'] },
  // Votes and follows of an object (counts, "did I vote"), a user's votes/follows, reputation, timeline.
  { name: 'activity_object_idx', table: 'activity', columns: ['object_id', 'activity_type', 'user_id'] },
  { name: 'activity_user_type_idx', table: 'activity', columns: ['user_id', 'activity_type', 'created_at'] },
  { name: 'activity_user_rank_idx', table: 'activity', columns: ['user_id', 'has_rank', 'created_at'] },
  { name: 'activity_original_object_idx', table: 'activity', columns: ['original_object_id', 'created_at'] },
  { name: 'revision_object_idx', table: 'revision', columns: ['object_id', 'created_at'] },
  { name: 'revision_status_idx', table: 'revision', columns: ['status', 'object_type'] },
  { name: 'revision_user_idx', table: 'revision', columns: ['user_id', 'created_at'] },
  { name: 'collection_user_object_uq', table: 'collection', columns: ['user_id', 'object_id'], unique: true },
  { name: 'collection_object_idx', table: 'collection', columns: ['object_id'] },
  { name: 'collection_group_user_idx', table: 'collection_group', columns: ['user_id'] },
  { name: 'meta_object_key_idx', table: 'meta', columns: ['object_id', 'key'] },
  { name: 'question_link_from_idx', table: 'question_link', columns: ['from_question_id', 'status'] },
  { name: 'question_link_to_idx', table: 'question_link', columns: ['to_question_id', 'status'] },
  { name: 'notification_user_idx', table: 'notification', columns: ['user_id', 'type', 'updated_at'] },
  { name: 'notification_unread_idx', table: 'notification', columns: ['user_id', 'type', 'is_read'] },
  { name: 'report_status_idx', table: 'report', columns: ['status', 'created_at'] },
  { name: 'report_object_idx', table: 'report', columns: ['object_id'] },
  {
    name: 'user_notification_config_uq',
    table: 'user_notification_config',
    columns: ['user_id', 'source'],
    unique: true,
  },
];

type Table = CreateTableBuilder<string, string>;
type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: Col = (c) => c.notNull();
const zero: Col = (c) => c.notNull().defaultTo(0);
const one: Col = (c) => c.notNull().defaultTo(1);
const userRef: Col = (c) => c.notNull().references('user.id');

export const qaCore: Migration = {
  async up(db: AnyDb) {
    const mysql = tableOptions(db);
    // Markdown and HTML of posts can pass MySQL TEXT's 64 KB (65,535 characters of body, more in UTF-8).
    const longText = dialectOf(db) === 'mysql' ? sql`mediumtext` : sql`text`;
    const objectId = 'varchar(20)';
    const create = async (name: string, build: (t: Table) => Table) => {
      await build(db.schema.createTable(name).ifNotExists() as Table)
        .$call(mysql)
        .execute();
    };
    const times = (t: Table) => t.addColumn('created_at', 'bigint', notNull).addColumn('updated_at', 'bigint', notNull);

    await insertMissing(
      db,
      'id_sequence',
      'name',
      SEQUENCES.map((name) => ({ name, value: 0 })),
    );

    await create('question', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('invite_user_id', 'text')
          .addColumn('last_edit_user_id', 'bigint')
          .addColumn('title', 'varchar(150)', notNull)
          .addColumn('original_text', longText, notNull)
          .addColumn('parsed_text', longText, notNull)
          .addColumn('pin', 'smallint', one)
          .addColumn('show', 'smallint', one)
          .addColumn('status', 'smallint', one)
          .addColumn('view_count', 'integer', zero)
          .addColumn('unique_view_count', 'integer', zero)
          .addColumn('vote_count', 'integer', zero)
          .addColumn('answer_count', 'integer', zero)
          .addColumn('collection_count', 'integer', zero)
          .addColumn('follow_count', 'integer', zero)
          .addColumn('hot_score', 'bigint', zero)
          .addColumn('accepted_answer_id', objectId)
          .addColumn('last_answer_id', objectId)
          .addColumn('post_update_time', 'bigint', notNull)
          .addColumn('revision_id', 'bigint')
          .addColumn('linked_count', 'integer', zero),
      ),
    );

    await create('answer', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('question_id', objectId, (c) => c.notNull().references('question.id'))
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('last_edit_user_id', 'bigint')
          .addColumn('original_text', longText, notNull)
          .addColumn('parsed_text', longText, notNull)
          .addColumn('status', 'smallint', one)
          .addColumn('adopted', 'smallint', one)
          .addColumn('comment_count', 'integer', zero)
          .addColumn('vote_count', 'integer', zero)
          .addColumn('revision_id', 'bigint'),
      ),
    );

    await create('comment', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('reply_user_id', 'bigint')
          .addColumn('reply_comment_id', objectId)
          .addColumn('object_id', objectId, notNull)
          .addColumn('question_id', objectId, notNull)
          .addColumn('vote_count', 'integer', zero)
          .addColumn('status', 'smallint', one)
          .addColumn('original_text', 'text', notNull)
          .addColumn('parsed_text', 'text', notNull),
      ),
    );

    await create('tag', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('main_tag_id', objectId)
          .addColumn('main_tag_slug_name', 'varchar(35)', (c) => c.notNull().defaultTo(''))
          .addColumn('slug_name', 'varchar(35)', notNull)
          .addColumn('display_name', 'varchar(35)', notNull)
          .addColumn('original_text', longText, notNull)
          .addColumn('parsed_text', longText, notNull)
          .addColumn('follow_count', 'integer', zero)
          .addColumn('question_count', 'integer', zero)
          .addColumn('status', 'smallint', one)
          .addColumn('recommend', 'smallint', zero)
          .addColumn('reserved', 'smallint', zero)
          .addColumn('revision_id', 'bigint')
          .addColumn('user_id', 'bigint'),
      ),
    );

    await create('tag_rel', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('object_id', objectId, (c) => c.notNull().references('question.id'))
          .addColumn('tag_id', objectId, (c) => c.notNull().references('tag.id'))
          .addColumn('status', 'smallint', one),
      ),
    );

    await create('activity', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          // 0 on the voter's own row (as Answer): part of the "did this user vote" lookup.
          .addColumn('trigger_user_id', 'bigint', zero)
          .addColumn('object_id', objectId, notNull)
          .addColumn('original_object_id', objectId, notNull)
          .addColumn('activity_type', 'integer', notNull)
          .addColumn('cancelled', 'smallint', zero)
          .addColumn('cancelled_at', 'bigint')
          .addColumn('rank', 'integer', zero)
          .addColumn('has_rank', 'smallint', zero)
          .addColumn('revision_id', 'bigint'),
      ),
    );

    await create('revision', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('object_type', 'smallint', notNull)
          .addColumn('object_id', objectId, notNull)
          .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
          .addColumn('content', longText, notNull)
          .addColumn('log', 'varchar(255)', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'smallint', zero)
          .addColumn('review_user_id', 'bigint'),
      ),
    );

    await create('collection_group', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('name', 'varchar(50)', notNull)
          .addColumn('default_group', 'smallint', one),
      ),
    );

    await create('collection', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('object_id', objectId, notNull)
          .addColumn('user_collection_group_id', 'bigint', (c) => c.notNull().references('collection_group.id')),
      ),
    );

    await create('meta', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('object_id', objectId, notNull)
          .addColumn('key', 'varchar(100)', notNull)
          .addColumn('value', 'text', notNull),
      ),
    );

    await create('question_link', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('from_question_id', objectId, notNull)
          .addColumn('from_answer_id', objectId)
          .addColumn('to_question_id', objectId, notNull)
          .addColumn('to_answer_id', objectId)
          .addColumn('status', 'smallint', one),
      ),
    );

    await create('notification', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('object_id', objectId, notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('type', 'smallint', notNull)
          .addColumn('msg_type', 'smallint', one)
          .addColumn('is_read', 'smallint', one)
          .addColumn('status', 'smallint', one),
      ),
    );

    await create('report', (t) =>
      times(
        t
          .addColumn('id', objectId, (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('object_id', objectId, notNull)
          .addColumn('reported_user_id', 'bigint', notNull)
          .addColumn('object_type', 'smallint', notNull)
          .addColumn('report_type', 'integer', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('flagged_type', 'integer')
          .addColumn('flagged_content', 'text')
          .addColumn('status', 'smallint', one),
      ),
    );

    await create('user_notification_config', (t) =>
      times(
        t
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .addColumn('user_id', 'bigint', userRef)
          .addColumn('source', 'varchar(64)', notNull)
          .addColumn('channels', 'text', notNull)
          .addColumn('enabled', 'smallint', one),
      ),
    );

    for (const index of INDEXES) await ensureIndex(db, index);

    await seedFirstTagOfInstalledSite(db);
  },

  async down(db: AnyDb) {
    for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
    await db.deleteFrom('id_sequence').where('name', 'in', SEQUENCES).execute();
  },
};

/**
 * Answer seeds a first tag, `support`, at install. A site installed before this migration (its
 * `general` settings row exists) gets it here; new installs create it in their seeding (see
 * modules/install/first-tag.ts). Re-runnable: the object id counter is raised before its rows are
 * written, so an interruption leaves at most an unused id.
 */
async function seedFirstTagOfInstalledSite(db: AnyDb): Promise<void> {
  const installed = await db.selectFrom('site_info').select('type').where('type', '=', 'general').executeTakeFirst();
  if (!installed) return;
  const existing = await db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirst();
  if (existing) return;
  const admin = await db
    .selectFrom('user')
    .select('id')
    .where('role_id', '=', 2)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'uniqid')
    .execute();
  const row = await db.selectFrom('id_sequence').select('value').where('name', '=', 'uniqid').executeTakeFirstOrThrow();
  const counter = Number(row.value);
  const id = `1003${String(counter).padStart(13, '0')}`;
  const now = Date.now();
  await db.insertInto('uniqid').values({ id: counter, uniqid_type: 3 }).execute();
  await db
    .insertInto('tag')
    .values({
      id,
      main_tag_id: null,
      main_tag_slug_name: '',
      slug_name: 'support',
      display_name: 'support',
      original_text: FIRST_TAG_TEXT,
      parsed_text: `<p>${FIRST_TAG_TEXT}</p>`,
      follow_count: 0,
      question_count: 0,
      status: 1,
      recommend: 0,
      reserved: 0,
      revision_id: null,
      user_id: admin ? Number(admin.id) : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The description of the first tag (kept here as it was when this migration shipped). */
const FIRST_TAG_TEXT = 'Questions about this site itself: accounts, asking and answering, and how things work here.';
