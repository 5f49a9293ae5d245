import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { chunks } from './names';
import { CHUNK, TAG_STATUS } from './table';

/**
 * The bulk writes of synonyms and merges (tag/synonyms.ts): moving a tag's question links and follows
 * to another tag, freeing synonyms, recounting. Every statement touches at most CHUNK rows.
 */

/** The ids of the available synonyms of a main tag. */
export async function selectSynonymIds(trx: Transaction<DB>, mainId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('tag')
    .select('id')
    .where('main_tag_id', '=', mainId)
    .where('status', '=', TAG_STATUS.available)
    .execute();
  return rows.map((row) => row.id);
}

/** These tags become main tags again. */
export async function freeSynonyms(trx: Transaction<DB>, ids: string[], now: number): Promise<void> {
  for (const part of chunks(ids, CHUNK))
    await trx
      .updateTable('tag')
      .set({ main_tag_id: null, main_tag_slug_name: '', updated_at: now })
      .where('id', 'in', part)
      .execute();
}

/** Tag `sourceId` and its synonyms become synonyms of `main`. */
export async function moveUnder(
  trx: Transaction<DB>,
  sourceId: string,
  main: { id: string; slug_name: string },
  now: number,
): Promise<void> {
  const values = { main_tag_id: main.id, main_tag_slug_name: main.slug_name, updated_at: now };
  await trx.updateTable('tag').set(values).where('main_tag_id', '=', sourceId).execute();
  await trx.updateTable('tag').set(values).where('id', '=', sourceId).execute();
}

/** A tag's question links move to another tag (a question carrying both keeps one link). */
async function foldLinks(trx: Transaction<DB>, fromId: string, toId: string, now: number): Promise<void> {
  const rels = await trx
    .selectFrom('tag_rel')
    .select(['id', 'object_id', 'status'])
    .where('tag_id', '=', fromId)
    .execute();
  if (rels.length === 0) return;
  const mainRels = new Map<string, { id: number; status: number }>();
  for (const part of chunks(
    rels.map((r) => r.object_id),
    CHUNK,
  )) {
    const rows = await trx
      .selectFrom('tag_rel')
      .select(['id', 'object_id', 'status'])
      .where('tag_id', '=', toId)
      .where('object_id', 'in', part)
      .execute();
    for (const row of rows) mainRels.set(row.object_id, row);
  }
  const move: number[] = [];
  const drop: number[] = [];
  for (const rel of rels) {
    const other = mainRels.get(rel.object_id);
    if (!other) {
      move.push(rel.id);
      continue;
    }
    drop.push(rel.id);
    // The question keeps the livelier of its two links (available 1 < hidden 2 < deleted 10).
    if (rel.status < other.status)
      await trx
        .updateTable('tag_rel')
        .set({ status: rel.status, updated_at: now })
        .where('id', '=', other.id)
        .execute();
  }
  for (const part of chunks(drop, CHUNK)) await trx.deleteFrom('tag_rel').where('id', 'in', part).execute();
  for (const part of chunks(move, CHUNK))
    await trx.updateTable('tag_rel').set({ tag_id: toId, updated_at: now }).where('id', 'in', part).execute();
}

/** A tag's follows move to another tag (a user following both keeps one follow). */
async function foldFollows(
  trx: Transaction<DB>,
  fromId: string,
  toId: string,
  followType: number,
  now: number,
): Promise<void> {
  const follows = await trx
    .selectFrom('activity')
    .select(['id', 'user_id'])
    .where('object_id', '=', fromId)
    .where('activity_type', '=', followType)
    .where('cancelled', '=', 0)
    .execute();
  if (follows.length === 0) return;
  const already = new Set<number>();
  for (const part of chunks(
    follows.map((f) => f.user_id),
    CHUNK,
  )) {
    const rows = await trx
      .selectFrom('activity')
      .select('user_id')
      .where('object_id', '=', toId)
      .where('activity_type', '=', followType)
      .where('cancelled', '=', 0)
      .where('user_id', 'in', part)
      .execute();
    for (const row of rows) already.add(Number(row.user_id));
  }
  // Follows carry no reputation (rank 0): a duplicate is cancelled, the others point at the main tag.
  const cancel = follows.filter((f) => already.has(Number(f.user_id))).map((f) => f.id);
  const move = follows.filter((f) => !already.has(Number(f.user_id))).map((f) => f.id);
  for (const part of chunks(cancel, CHUNK))
    await trx
      .updateTable('activity')
      .set({ cancelled: 1, cancelled_at: now, updated_at: now })
      .where('id', 'in', part)
      .execute();
  for (const part of chunks(move, CHUNK))
    await trx
      .updateTable('activity')
      .set({ object_id: toId, original_object_id: toId, updated_at: now })
      .where('id', 'in', part)
      .execute();
}

/** A synonym's question links and follows move to its main tag (none twice). */
export async function foldInto(
  trx: Transaction<DB>,
  fromId: string,
  toId: string,
  followType: number,
  now: number,
): Promise<void> {
  await foldLinks(trx, fromId, toId, now);
  await foldFollows(trx, fromId, toId, followType, now);
}

/** question_count (available links) and follow_count (active follows) of these tags, recounted. */
export async function recount(trx: Transaction<DB>, ids: string[], followType: number): Promise<void> {
  for (const id of ids) {
    const questions = await trx
      .selectFrom('tag_rel')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tag_id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const follows = await trx
      .selectFrom('activity')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('object_id', '=', id)
      .where('activity_type', '=', followType)
      .where('cancelled', '=', 0)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tag')
      .set({ question_count: Number(questions.n), follow_count: Number(follows.n) })
      .where('id', '=', id)
      .execute();
  }
}
