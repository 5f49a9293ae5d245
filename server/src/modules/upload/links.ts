import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** `/uploads/post/<name>` anywhere in a post's markdown (absolute or relative URL). */
const POST_UPLOAD = /\/uploads\/post\/([A-Za-z0-9]{1,64}\.[A-Za-z0-9]{1,8})/g;

/** The upload paths (relative to `<dataDir>/uploads`) a post's markdown references. */
export function referencedUploadPaths(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(POST_UPLOAD)].map((m) => `post/${m[1]}`))];
}

/**
 * Security checklist U7: called inside the transaction that saves a question's or answer's content
 * (ask, answer, an edit applied now). Replaces the post's `upload_link` rows with the post uploads
 * its markdown references, so the uploads route knows which posts keep a file visible.
 */
export async function linkPostUploads(db: Kysely<DB>, objectId: string, markdown: string, now: number): Promise<void> {
  const paths = referencedUploadPaths(markdown);
  const uploads = paths.length
    ? await db.selectFrom('upload').select('id').where('source', '=', 'post').where('path', 'in', paths).execute()
    : [];
  await db.deleteFrom('upload_link').where('object_id', '=', objectId).execute();
  if (uploads.length)
    await db
      .insertInto('upload_link')
      .values(uploads.map((u) => ({ upload_id: u.id, object_id: objectId, created_at: now })))
      .execute();
}
