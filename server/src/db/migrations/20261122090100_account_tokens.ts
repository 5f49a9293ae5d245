import type { Migration } from 'kysely';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/**
 * E-mailed account tokens: activation, e-mail change, password reset and unsubscribe
 * links. Only the SHA-256 of a code is stored; a row is live while `used_at` and `revoked_at` are
 * NULL and `expires_at` is in the future (see modules/accounts/email-tokens.ts).
 */
export const accountTokens: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('account_token')
      .ifNotExists()
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('new_email', 'varchar(500)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .$call(tableOptions(db))
      .execute();
    await ensureIndex(db, {
      name: 'account_token_user_kind_idx',
      table: 'account_token',
      columns: ['user_id', 'kind'],
    });
    await ensureIndex(db, { name: 'account_token_expires_at_idx', table: 'account_token', columns: ['expires_at'] });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('account_token').ifExists().execute();
  },
};
