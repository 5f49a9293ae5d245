import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Every query of the upload module: upload rows and the posts that reference them (upload_link). */
type Db = Kysely<DB> | Transaction<DB>;

export function findUploadByPath(db: Db, path: string) {
  return db.selectFrom('upload').select(['id', 'user_id']).where('path', '=', path).executeTakeFirst();
}

/** The questions that reference an upload: author, status, listing. */
export function linkingQuestions(db: Db, uploadId: string) {
  return db
    .selectFrom('upload_link')
    .innerJoin('question', 'question.id', 'upload_link.object_id')
    .select(['question.user_id', 'question.status', 'question.show'])
    .where('upload_link.upload_id', '=', uploadId)
    .execute();
}

/** The answers that reference an upload: author, status, and their question's status and listing. */
export function linkingAnswers(db: Db, uploadId: string) {
  return db
    .selectFrom('upload_link')
    .innerJoin('answer', 'answer.id', 'upload_link.object_id')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .select(['answer.user_id', 'answer.status as answer_status', 'question.status', 'question.show'])
    .where('upload_link.upload_id', '=', uploadId)
    .execute();
}

/** The ids of the post uploads (images and attachments) at these paths. */
export async function postUploadIds(db: Db, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const rows = await db
    .selectFrom('upload')
    .select('id')
    .where('source', 'in', ['post', 'post_attachment'])
    .where('path', 'in', paths)
    .execute();
  return rows.map((r) => r.id);
}

/** Makes `uploadIds` exactly the uploads a post references. */
export async function replaceLinks(db: Db, objectId: string, uploadIds: string[], now: number): Promise<void> {
  await db.deleteFrom('upload_link').where('object_id', '=', objectId).execute();
  if (uploadIds.length)
    await db
      .insertInto('upload_link')
      .values(uploadIds.map((id) => ({ upload_id: id, object_id: objectId, created_at: now })))
      .execute();
}
