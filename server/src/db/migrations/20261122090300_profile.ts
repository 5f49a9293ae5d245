import type { Migration } from 'kysely';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/**
 * Profiles: `upload` records every file a member uploaded (POST file), so an avatar can
 * only point at an upload of its own user (PUT user/info) and files can be
 * traced back to their uploader. `id` is the random storage name without extension; `path` is
 * relative to `<dataDir>/uploads` (e.g. `avatar/3f9c0a1b2c3d4e5f6a7b8c9d.webp`).
 */
export const profile: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('upload')
      .ifNotExists()
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('path', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(50)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .$call(tableOptions(db))
      .execute();
    await ensureIndex(db, { name: 'upload_user_idx', table: 'upload', columns: ['user_id', 'source', 'created_at'] });
    await ensureIndex(db, { name: 'upload_path_uq', table: 'upload', columns: ['path'], unique: true });
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('upload').ifExists().execute();
  },
};
