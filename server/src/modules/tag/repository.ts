import { sql, type Kysely, type Transaction } from 'kysely';
import { newObjectId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { likeEscape } from './names';
import { BRIEF_COLUMNS, SUGGESTION_CANDIDATES, TAG_STATUS, TAG_SUGGESTIONS, type BriefRow, type TagRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** Every column of a tag by id (any status). */
export function selectTag(db: Executor, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every column of a tag by slug (any status). */
export function selectTagBySlug(db: Executor, slug: string): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('slug_name', '=', slug).executeTakeFirst();
}

/** Every column of the tags of these slugs (any status). */
export function selectTagsBySlugs(db: Executor, slugs: string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).execute();
}

/** Every column of the tags of these ids (any status). */
export function selectTagsByIds(db: Executor, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tag').selectAll().where('id', 'in', ids).execute();
}

/** Available tags by id (brief columns). */
export function selectAvailableBriefs(db: Executor, ids: string[]): Promise<BriefRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag')
    .select(BRIEF_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .where('status', '=', TAG_STATUS.available)
    .execute();
}

/** Available tags by slug (brief columns). */
export function selectAvailableBriefsBySlugs(db: Executor, slugs: string[]): Promise<BriefRow[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag')
    .select(BRIEF_COLUMNS)
    .where('slug_name', 'in', slugs)
    .where('status', '=', TAG_STATUS.available)
    .execute();
}

/** The recommended main tags, most used first (the suggestions of an empty prefix). */
export function selectRecommended(db: Executor): Promise<BriefRow[]> {
  return db
    .selectFrom('tag')
    .select(BRIEF_COLUMNS)
    .where('recommend', '=', 1)
    .where('status', '=', TAG_STATUS.available)
    .where('main_tag_id', 'is', null)
    .orderBy('question_count', 'desc')
    .orderBy('slug_name')
    .limit(TAG_SUGGESTIONS)
    .execute();
}

/** Display names of up to 20 recommended tags, by slug (what an ask without one is told to pick). */
export async function selectRecommendedNames(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('tag')
    .select('display_name')
    .where('recommend', '=', 1)
    .where('status', '=', TAG_STATUS.available)
    .orderBy('slug_name')
    .limit(20)
    .execute();
  return rows.map((row) => row.display_name);
}

/** Available tags whose slug or display name starts with `text` (lower case), best first. */
export function selectByPrefix(db: Executor, text: string): Promise<BriefRow[]> {
  const pattern = `${likeEscape(text)}%`;
  return db
    .selectFrom('tag')
    .select(BRIEF_COLUMNS)
    .where('status', '=', TAG_STATUS.available)
    .where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('slug_name')} like ${pattern} escape '!'`,
        sql<boolean>`lower(${eb.ref('display_name')}) like ${pattern} escape '!'`,
      ]),
    )
    .orderBy('recommend', 'desc')
    .orderBy('question_count', 'desc')
    .orderBy('slug_name')
    .limit(SUGGESTION_CANDIDATES)
    .execute();
}

/** Sets `flag` on exactly these tags (and clears it on all others). */
export async function setFlagExactly(
  trx: Transaction<DB>,
  flag: 'recommend' | 'reserved',
  ids: string[],
  now: number,
): Promise<void> {
  let clear = trx
    .updateTable('tag')
    .set({ [flag]: 0, updated_at: now })
    .where(flag, '=', 1);
  if (ids.length) clear = clear.where('id', 'not in', ids);
  await clear.execute();
  if (ids.length)
    await trx
      .updateTable('tag')
      .set({ [flag]: 1, updated_at: now })
      .where('id', 'in', ids)
      .where(flag, '=', 0)
      .execute();
}

/** Which of these tags `userId` follows (active follows of activity type `followType`). */
export async function selectFollowed(
  db: Executor,
  userId: number,
  followType: number,
  tagIds: string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', followType)
    .where('cancelled', '=', 0)
    .where('object_id', 'in', tagIds)
    .execute();
  return new Set(rows.map((r) => r.object_id));
}

export type TagListOrderKey = 'popular' | 'name' | 'newest';

/** A page of the tag list: available main tags, `text` (lower case) matching a part of the slug or name. */
export async function selectTagPage(
  db: Executor,
  query: { text: string; order: TagListOrderKey; offset: number; limit: number },
): Promise<{ count: number; rows: () => Promise<TagRow[]> }> {
  let base = db.selectFrom('tag').where('status', '=', TAG_STATUS.available).where('main_tag_id', 'is', null);
  if (query.text !== '') {
    const pattern = `%${likeEscape(query.text)}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('slug_name')}) like ${pattern} escape '!'`,
        sql<boolean>`lower(${eb.ref('display_name')}) like ${pattern} escape '!'`,
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let rows = base.selectAll();
  if (query.order === 'name') rows = rows.orderBy('slug_name');
  else if (query.order === 'newest') rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');
  else rows = rows.orderBy('question_count', 'desc').orderBy('slug_name');
  return { count: Number(counted.n), rows: () => rows.limit(query.limit).offset(query.offset).execute() };
}

/** The available synonyms of a main tag, by slug. */
export function selectSynonyms(db: Executor, mainId: string) {
  return db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'display_name', 'main_tag_slug_name'])
    .where('main_tag_id', '=', mainId)
    .where('status', '=', TAG_STATUS.available)
    .orderBy('slug_name')
    .execute();
}

/** Whether a tag has an available synonym. */
export async function hasSynonyms(db: Executor, tagId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tag')
    .select('id')
    .where('main_tag_id', '=', tagId)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirst();
  return !!row;
}

/** Whether a question carries the tag (a link of status 1 or 2: listed or unlisted). */
export async function isTagUsed(db: Executor, tagId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tag_rel')
    .select('id')
    .where('tag_id', '=', tagId)
    .where('status', 'in', [1, 2])
    .executeTakeFirst();
  return !!row;
}

/** Whether a slug is taken by any tag. */
export async function isSlugTaken(db: Executor, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirst());
}

/**
 * Locks a tag's row until the transaction ends (a no-op write): two writers of one tag queue here, so
 * the second sees what the first committed.
 */
export async function lockTag(trx: Transaction<DB>, tag: Pick<TagRow, 'id' | 'revision_id'>): Promise<void> {
  await trx.updateTable('tag').set({ revision_id: tag.revision_id }).where('id', '=', tag.id).execute();
}

export type NewTag = Pick<
  TagRow,
  'slug_name' | 'display_name' | 'original_text' | 'parsed_text' | 'main_tag_id' | 'main_tag_slug_name'
> & { revision_id: number | null; user_id: number; now: number; id?: string };

/** Inserts an available tag (not recommended, not reserved): its id. */
export async function insertTag(trx: Transaction<DB>, tag: NewTag): Promise<string> {
  const id = tag.id ?? (await newObjectId(trx, 'tag'));
  const { now, ...columns } = tag;
  await trx
    .insertInto('tag')
    .values({
      ...columns,
      id,
      status: TAG_STATUS.available,
      recommend: 0,
      reserved: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Updates columns of a tag; with `onlyStatus`, only while it still has that status. True when it changed. */
export async function updateTag(
  trx: Transaction<DB>,
  id: string,
  values: Partial<Omit<TagRow, 'id'>>,
  onlyStatus?: number,
): Promise<boolean> {
  let query = trx.updateTable('tag').set(values).where('id', '=', id);
  if (onlyStatus !== undefined) query = query.where('status', '=', onlyStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A renamed main tag's synonyms follow its slug. */
export async function renameMainOfSynonyms(trx: Transaction<DB>, mainId: string, slug: string, now: number) {
  await trx
    .updateTable('tag')
    .set({ main_tag_slug_name: slug, updated_at: now })
    .where('main_tag_id', '=', mainId)
    .execute();
}
