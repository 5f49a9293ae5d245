import type { Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, hasColumn, tableOptions, type AnyDb } from './helpers';

/**
 * E-mail notifications (modules/notify-mail).
 * - `notification.mail_state` and `question.mail_state`: NULL while the row waits for the mail
 *   dispatcher, `done` once handled (mailed or not), `failed` when its mail could not be built. Rows
 *   that exist now become `done`, so nothing written before this migration is mailed.
 * - `mail_outbox.headers`: extra headers of a mail (JSON, sealed like the bodies: they carry codes).
 * - `account_token.scope`: the notification kind an unsubscribe code turns off (NULL: every kind).
 * - `notify_question_mail`: one row per member and question mailed (the 50-a-week cap counts them).
 * - `notify_digest`: when each member's last weekly digest went.
 * - `job_lease`: which server process runs a site-wide job until when (one at a time); a job's row is
 *   made the first time it is claimed.
 */

async function addStateColumn(db: AnyDb, table: string): Promise<void> {
  if (await hasColumn(db, table, 'mail_state')) return;
  await db.schema.alterTable(table).addColumn('mail_state', 'varchar(10)').execute();
  await db.updateTable(table).set({ mail_state: 'done' }).execute();
}

export const notificationMail: Migration = {
  async up(db: AnyDb) {
    await addStateColumn(db, 'notification');
    await addStateColumn(db, 'question');
    await ensureIndex(db, { name: 'notification_mail_state_idx', table: 'notification', columns: ['mail_state'] });
    await ensureIndex(db, { name: 'question_mail_state_idx', table: 'question', columns: ['mail_state'] });
    if (!(await hasColumn(db, 'mail_outbox', 'headers')))
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    if (!(await hasColumn(db, 'account_token', 'scope')))
      await db.schema.alterTable('account_token').addColumn('scope', 'varchar(40)').execute();
    await tableOptions(db)(
      db.schema
        .createTable('notify_question_mail')
        .ifNotExists()
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('question_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notify_question_mail_pk', ['user_id', 'question_id']),
    ).execute();
    await ensureIndex(db, {
      name: 'notify_question_mail_user_idx',
      table: 'notify_question_mail',
      columns: ['user_id', 'created_at'],
    });
    await tableOptions(db)(
      db.schema
        .createTable('notify_digest')
        .ifNotExists()
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('last_sent_at', 'bigint', (c) => c.notNull()),
    ).execute();
    await tableOptions(db)(
      db.schema
        .createTable('job_lease')
        .ifNotExists()
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull()),
    ).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('job_lease').ifExists().execute();
    await db.schema.dropTable('notify_digest').ifExists().execute();
    await db.schema.dropTable('notify_question_mail').ifExists().execute();
    await db.schema.alterTable('account_token').dropColumn('scope').execute();
    await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
    for (const [name, table] of [
      ['question_mail_state_idx', 'question'],
      ['notification_mail_state_idx', 'notification'],
    ] as const) {
      // MySQL names the table in DROP INDEX; PostgreSQL and SQLite do not accept it.
      const drop = db.schema.dropIndex(name);
      await (dialectOf(db) === 'mysql' ? drop.on(table) : drop.ifExists()).execute();
    }
    await db.schema.alterTable('question').dropColumn('mail_state').execute();
    await db.schema.alterTable('notification').dropColumn('mail_state').execute();
  },
};
