import type { Migration } from 'kysely';
import { ensureIndex, insertMissing, tableOptions, type AnyDb } from './helpers';

/**
 * Accounts, sessions, settings and id allocation: what the installer and login need. Modelled on
 * Answer's tables (docs/wire-contract.md); see db/schema.ts for the column meanings.
 */
export const initial: Migration = {
  async up(db: AnyDb) {
    const mysql = tableOptions(db);

    await db.schema
      .createTable('id_sequence')
      .ifNotExists()
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .$call(mysql)
      .execute();
    // `user` ids start at 1 (the install admin); `uniqid` counts Answer-format object ids.
    await insertMissing(db, 'id_sequence', 'name', [
      { name: 'user', value: 0 },
      { name: 'uniqid', value: 0 },
    ]);

    await db.schema
      .createTable('user')
      .ifNotExists()
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull())
      .addColumn('username_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('e_mail', 'varchar(500)', (c) => c.notNull())
      .addColumn('e_mail_key', 'varchar(500)', (c) => c.notNull())
      .addColumn('pass', 'varchar(255)', (c) => c.notNull())
      .addColumn('mail_status', 'smallint', (c) => c.notNull().defaultTo(2))
      .addColumn('notice_status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('authority_group', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('avatar', 'text', (c) => c.notNull())
      .addColumn('mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('bio', 'text', (c) => c.notNull())
      .addColumn('bio_html', 'text', (c) => c.notNull())
      .addColumn('website', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('location', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('ip_info', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('language', 'varchar(32)', (c) => c.notNull().defaultTo('Default'))
      .addColumn('color_scheme', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
      .addColumn('role_id', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('suspended_at', 'bigint')
      .addColumn('suspended_until', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .addColumn('last_login_date', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .$call(mysql)
      .execute();
    await ensureIndex(db, { name: 'user_username_key_uq', table: 'user', columns: ['username_key'], unique: true });
    await ensureIndex(db, { name: 'user_e_mail_key_uq', table: 'user', columns: ['e_mail_key'], unique: true });

    await db.schema
      .createTable('session')
      .ifNotExists()
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .$call(mysql)
      .execute();
    await ensureIndex(db, { name: 'session_user_id_idx', table: 'session', columns: ['user_id'] });
    await ensureIndex(db, { name: 'session_expires_at_idx', table: 'session', columns: ['expires_at'] });

    await db.schema
      .createTable('config')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('key', 'varchar(128)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .$call(mysql)
      .execute();
    await ensureIndex(db, { name: 'config_key_uq', table: 'config', columns: ['key'], unique: true });

    await db.schema
      .createTable('site_info')
      .ifNotExists()
      .addColumn('type', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .$call(mysql)
      .execute();

    await db.schema
      .createTable('uniqid')
      .ifNotExists()
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('uniqid_type', 'smallint', (c) => c.notNull())
      .$call(mysql)
      .execute();
  },

  async down(db: AnyDb) {
    for (const table of ['uniqid', 'site_info', 'config', 'session', 'user', 'id_sequence']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
