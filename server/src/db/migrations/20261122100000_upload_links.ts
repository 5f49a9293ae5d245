import type { Migration } from 'kysely';
import { ensureIndex, tableOptions, type AnyDb } from './helpers';

/** `/uploads/post/<name>` in a post's markdown (the same pattern as modules/upload/links.ts, frozen here). */
const POST_UPLOAD = /\/uploads\/post\/([A-Za-z0-9]{1,64}\.[A-Za-z0-9]{1,8})/g;

function referencedPaths(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(POST_UPLOAD)].map((m) => `post/${m[1]}`))];
}

/**
 * Post uploads are served by the posts that use them: `upload_link` records which questions and answers
 * reference which post uploads (their markdown names `/uploads/post/<file>`), so a file only deleted,
 * unlisted or pending posts use is served to their authors, its uploader and staff only. Existing posts
 * are linked here once; the app keeps the links in step on every saved question or answer.
 */
export const uploadLinks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('upload_link')
      .ifNotExists()
      .addColumn('upload_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('object_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_link_pk', ['upload_id', 'object_id'])
      .$call(tableOptions(db))
      .execute();
    await ensureIndex(db, { name: 'upload_link_object_idx', table: 'upload_link', columns: ['object_id'] });

    const existing = await db.selectFrom('upload_link').select('upload_id').limit(1).execute();
    if (existing.length) return;
    const now = Date.now();
    for (const table of ['question', 'answer']) {
      const posts = (await db
        .selectFrom(table)
        .select(['id', 'original_text'])
        .where('original_text', 'like', '%/uploads/post/%')
        .execute()) as { id: string; original_text: string }[];
      for (const post of posts) {
        const paths = referencedPaths(post.original_text);
        if (!paths.length) continue;
        const uploads = (await db.selectFrom('upload').select('id').where('path', 'in', paths).execute()) as {
          id: string;
        }[];
        if (uploads.length)
          await db
            .insertInto('upload_link')
            .values(uploads.map((u) => ({ upload_id: u.id, object_id: String(post.id), created_at: now })))
            .execute();
      }
    }
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('upload_link').ifExists().execute();
  },
};
