import type { Migration } from 'kysely';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/**
 * Captcha (docs/wire-contract.md): the action records that decide when an action needs a captcha, and
 * the captchas handed out. Both are short-lived; modules/captcha deletes expired rows as it goes.
 *
 * - `captcha_action_record`: one row per (unit, action, UTC calendar day): how many times the action
 *   happened (`num`) and when last (`last_time`, Unix ms); `expires_at` is when the row stops counting.
 *   `unit` is `ip:<address>` or `user:<id>`.
 * - `captcha`: `id_hash` is the hex SHA-256 of the captcha id, `answer_hash` the hex SHA-256 of the
 *   id and the normalised answer (the answer itself is never stored); `action` is the action it was
 *   issued for, `unit` who asked for it (live captchas per unit are capped); single use (the row is
 *   deleted by the first attempt to answer it).
 */
export const captcha: Migration = {
  async up(db: AnyDb) {
    const options = tableOptions(db);
    await options(
      db.schema
        .createTable('captcha_action_record')
        .ifNotExists()
        .addColumn('unit', 'varchar(100)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('num', 'integer', (c) => c.notNull())
        .addColumn('last_time', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('captcha_action_record_pk', ['unit', 'action', 'day']),
    ).execute();
    await ensureIndex(db, {
      name: 'captcha_action_record_expires_idx',
      table: 'captcha_action_record',
      columns: ['expires_at'],
    });
    await options(
      db.schema
        .createTable('captcha')
        .ifNotExists()
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('unit', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await ensureIndex(db, { name: 'captcha_expires_idx', table: 'captcha', columns: ['expires_at'] });
    await ensureIndex(db, { name: 'captcha_unit_idx', table: 'captcha', columns: ['unit', 'expires_at'] });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('captcha').ifExists().execute();
    await db.schema.dropTable('captcha_action_record').ifExists().execute();
  },
};
