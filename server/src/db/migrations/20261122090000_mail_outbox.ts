import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/**
 * The mail outbox: every mail the site sends is a row here, rendered when it was enqueued
 * (in the same transaction as the change that caused it) and sent by the mail worker, which claims
 * due rows with a lease (`locked_until`, `lock_token`) so that two server processes never send one
 * mail twice. See modules/mail/README in server/README.md.
 */
export const mailOutbox: Migration = {
  async up(db: AnyDb) {
    const body = dialectOf(db) === 'mysql' ? sql`mediumtext` : sql`text`;
    await db.schema
      .createTable('mail_outbox')
      .ifNotExists()
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('to_address', 'varchar(500)', (c) => c.notNull())
      .addColumn('template', 'varchar(64)', (c) => c.notNull())
      .addColumn('subject', 'varchar(1000)', (c) => c.notNull())
      .addColumn('text_body', body, (c) => c.notNull())
      .addColumn('html_body', body, (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('lock_token', 'varchar(32)')
      .addColumn('last_error', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .$call(tableOptions(db))
      .execute();
    // The worker's query: pending rows whose time has come, oldest first.
    await ensureIndex(db, {
      name: 'mail_outbox_due_idx',
      table: 'mail_outbox',
      columns: ['status', 'next_attempt_at'],
    });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('mail_outbox').ifExists().execute();
  },
};
