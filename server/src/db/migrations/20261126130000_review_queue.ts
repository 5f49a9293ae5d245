import type { Migration } from 'kysely';
import { ensureIndex, insertMissing, tableOptions, type AnyDb } from './helpers';

/**
 * The queue of posts waiting for approval: one `review` row per queued question, answer or comment
 * (the post itself has status 11 until a reviewer approves or rejects it). Columns: `user_id` (the
 * post's author), `object_id` + `object_type` (1 question, 2 answer, 7 comment), `reviewer_user_id`
 * (NULL while pending), `status` 1 pending / 2 approved / 3 rejected, `reason` (a reason key: why the
 * post was queued), `submitter` (the name of the rule that queued it), `created_at`, `updated_at`.
 * Ids come from the `review` counter of id_sequence, seeded here. The two activity types of a review
 * (`post.approved`, `post.rejected`) are config rows; a fresh install writes them too.
 *
 * `post_deletion` keeps the repeat-deletion rule's record: one row each time an answered question or an
 * accepted answer is deleted (`user_id` its author, `object_id`, `deleted_by`, `created_at`); ids from
 * the `post_deletion` counter.
 */
export const REVIEW_CONFIG_ROWS = [
  { id: 150, key: 'post.approved', value: '0' },
  { id: 151, key: 'post.rejected', value: '0' },
];

export const reviewQueue: Migration = {
  async up(db: AnyDb) {
    await insertMissing(db, 'id_sequence', 'name', [
      { name: 'review', value: 0 },
      { name: 'post_deletion', value: 0 },
    ]);
    await tableOptions(db)(
      db.schema
        .createTable('review')
        .ifNotExists()
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
        .addColumn('object_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('object_type', 'smallint', (c) => c.notNull())
        .addColumn('reviewer_user_id', 'bigint')
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('reason', 'varchar(100)', (c) => c.notNull())
        .addColumn('submitter', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    ).execute();
    // The queue, oldest first; one post's task by object id.
    await ensureIndex(db, { name: 'review_status_idx', table: 'review', columns: ['status', 'created_at'] });
    await ensureIndex(db, { name: 'review_object_idx', table: 'review', columns: ['object_id'] });
    await tableOptions(db)(
      db.schema
        .createTable('post_deletion')
        .ifNotExists()
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
        .addColumn('object_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('deleted_by', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await ensureIndex(db, {
      name: 'post_deletion_user_idx',
      table: 'post_deletion',
      columns: ['user_id', 'created_at'],
    });
    // Only installed sites have config rows; a site installed later gets them from the installer.
    const installed = await db.selectFrom('config').select('id').limit(1).execute();
    if (installed.length) await insertMissing(db, 'config', 'key', REVIEW_CONFIG_ROWS);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('post_deletion').ifExists().execute();
    await db.schema.dropTable('review').ifExists().execute();
    await db.deleteFrom('id_sequence').where('name', 'in', ['review', 'post_deletion']).execute();
    await db
      .deleteFrom('config')
      .where(
        'key',
        'in',
        REVIEW_CONFIG_ROWS.map((r) => r.key),
      )
      .execute();
  },
};
