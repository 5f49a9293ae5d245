import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { postUploadIds, replaceLinks } from './repository';

/**
 * `/uploads/post/<name>` (an image) and `/uploads/files/post/<dir>/<name>` (an attachment) anywhere in a
 * post's markdown (absolute or relative URL).
 */
const POST_UPLOAD =
  /\/uploads\/(post\/[A-Za-z0-9]{1,64}\.[A-Za-z0-9]{1,8}|files\/post\/[A-Za-z0-9]{1,64}\/[A-Za-z0-9._-]{1,100})/g;

/** The upload paths (relative to `<dataDir>/uploads`) a post's markdown references. */
export function referencedUploadPaths(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(POST_UPLOAD)].map((m) => m[1]!))];
}

/**
 * Called inside the transaction that saves a question's or answer's content
 * (ask, answer, an edit applied now). Replaces the post's `upload_link` rows with the post uploads
 * its markdown references, so the uploads route knows which posts keep a file visible.
 */
export async function linkPostUploads(db: Kysely<DB>, objectId: string, markdown: string, now: number): Promise<void> {
  const uploads = await postUploadIds(db, referencedUploadPaths(markdown));
  await replaceLinks(db, objectId, uploads, now);
}
