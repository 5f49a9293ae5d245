import type { Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { TAG_REL } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * A question's tag links (tag_rel) and the question_count they keep on tags: a tag counts the
 * questions it has an available link to (listed, not deleted).
 */

export interface LinkRow {
  id: number;
  tag_id: string;
  status: number;
}

/** The links of a question, of any status or of these. */
export function selectLinks(db: Executor, questionId: string, statuses?: number[]): Promise<LinkRow[]> {
  let query = db.selectFrom('tag_rel').select(['id', 'tag_id', 'status']).where('object_id', '=', questionId);
  if (statuses) query = query.where('status', 'in', statuses);
  return query.execute();
}

/** The links of a question with their tags' slugs, of one status. */
export function selectLinksWithSlugs(trx: Executor, questionId: string, status: number, since?: number) {
  let query = trx
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select(['tag_rel.id', 'tag_rel.tag_id', 'tag.slug_name'])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', '=', status);
  if (since !== undefined) query = query.where('tag_rel.updated_at', '>=', since);
  return query.execute();
}

/** The tags a question page shows: available tags of links of these statuses, in the order attached. */
export function selectShownTags(db: Executor, questionId: string, statuses: number[]) {
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select([
      'tag_rel.tag_id',
      'tag_rel.status',
      'tag.slug_name',
      'tag.display_name',
      'tag.main_tag_slug_name',
      'tag.recommend',
      'tag.reserved',
    ])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', 'in', statuses)
    .where('tag.status', '=', 1)
    .orderBy('tag_rel.id')
    .execute();
}

/** The tags a question carries now (listed or hidden links), with their reserved flag. */
export async function selectCurrentTags(db: Executor, questionId: string) {
  const rows = await db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select(['tag.id', 'tag.reserved'])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', 'in', [TAG_REL.available, TAG_REL.hidden])
    .execute();
  return rows.map((t) => ({ id: t.id, reserved: t.reserved === 1 }));
}

export async function insertLink(trx: Transaction<DB>, questionId: string, tagId: string, status: number, now: number) {
  await trx
    .insertInto('tag_rel')
    .values({
      id: await nextId(trx, 'tag_rel'),
      object_id: questionId,
      tag_id: tagId,
      status,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Sets the status of these links. */
export async function setLinkStatus(trx: Transaction<DB>, ids: number[], status: number, now: number) {
  if (ids.length === 0) return;
  await trx.updateTable('tag_rel').set({ status, updated_at: now }).where('id', 'in', ids).execute();
}

/** These tags count one more question (`by` 1) or one fewer (`by` -1, never below 0). */
export async function countOnTags(trx: Transaction<DB>, tagIds: string[], by: 1 | -1): Promise<void> {
  if (tagIds.length === 0) return;
  if (by === 1) {
    await trx
      .updateTable('tag')
      .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
      .where('id', 'in', tagIds)
      .execute();
  } else {
    await trx
      .updateTable('tag')
      .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
      .where('id', 'in', tagIds)
      .where('question_count', '>', 0)
      .execute();
  }
}
