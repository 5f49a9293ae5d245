import type { SynonymTagInput, TagCreateBody, TagUpdateBody } from '@agora/shared-api/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { newObjectId, nextId, OBJECT_TYPES } from '../../db/ids';
import type { DB, TagTable } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, recordActivity } from '../reputation';
import { writeTransaction } from '../../db/transaction';
import { TAG_SLUG } from './service';

export type TagRow = Selectable<TagTable>;

export const TAG_STATUS = { available: 1, deleted: 10 } as const;
/** revision.status (db/README.md). */
const REVISION = { normal: 0, unreviewed: 1, approved: 2 } as const;
/** Rows changed per statement when a synonym's links and follows move to its main tag. */
const CHUNK = 500;

/** Who acts. */
export interface TagActor {
  userId: number;
}

/** The wiki of a tag: its markdown and the HTML the server renders from it. */
function wiki(text: string | undefined): { original_text: string; parsed_text: string } {
  const original = (text ?? '').trim();
  return { original_text: original, parsed_text: renderPostHtml(original) };
}

/** A slug as stored (trimmed, lower case), or the field failure of `field`. */
export function slugOf(raw: string, field = 'slug_name'): string {
  const slug = raw.trim().toLowerCase();
  if (!TAG_SLUG.test(slug)) throw ApiFailure.fields([{ field, reason: 'error.tag.slug_invalid' }]);
  return slug;
}

function displayNameOf(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ApiFailure.fields([{ field: 'display_name', reason: 'error.tag.display_name_empty' }]);
  return name;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Tag writes (answer-api.md §2.7): create, edit (applied or suggested), delete, recover and the
 * synonym set of a main tag. Permissions are checked by the routes; these methods enforce the rules
 * of the tag itself (slug taken, pending edit, used by questions, synonyms of synonyms).
 */
/**
 * Why DELETE tag refuses a tag: a question carries it (a link of status 1 or 2: listed or unlisted),
 * or it has synonyms; null when it may go.
 */
async function deleteRefusal(db: Kysely<DB> | Transaction<DB>, tagId: string): Promise<string | null> {
  const used = await db
    .selectFrom('tag_rel')
    .select('id')
    .where('tag_id', '=', tagId)
    .where('status', 'in', [1, 2])
    .executeTakeFirst();
  if (used) return 'error.tag.is_used_cannot_delete';
  const synonym = await db
    .selectFrom('tag')
    .select('id')
    .where('main_tag_id', '=', tagId)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirst();
  return synonym ? 'error.tag.has_synonyms_cannot_delete' : null;
}

export class TagEdits {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** A tag by id (any status), or undefined. */
  async row(id: string): Promise<TagRow | undefined> {
    return this.#db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An available tag by id, else 404 error.tag.not_found. */
  async available(id: string): Promise<TagRow> {
    const row = await this.row(id);
    if (!row || row.status !== TAG_STATUS.available) throw ApiFailure.notFound('error.tag.not_found');
    return row;
  }

  /** Config ids of activity keys, read before a transaction (SQLite has one connection). */
  async #types(keys: string[]): Promise<Map<string, number>> {
    return activityTypes(this.#db, keys);
  }

  async #revision(
    trx: Transaction<DB>,
    actor: TagActor,
    tagId: string,
    content: { slug_name: string; display_name: string; original_text: string; main_tag_slug_name: string },
    status: number,
    log: string,
    now: number,
  ): Promise<number> {
    const id = await nextId(trx, 'revision');
    await trx
      .insertInto('revision')
      .values({
        id,
        user_id: actor.userId,
        object_type: OBJECT_TYPES.tag,
        object_id: tagId,
        title: content.display_name,
        content: JSON.stringify(content),
        log,
        status,
        review_user_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /**
   * POST tag: a new main tag with its first revision (status 0) and a tag.created activity. A slug
   * in use is a field failure; a deleted tag of that slug comes back with the new names and wiki (as
   * asking with its slug does), since slugs are unique and a deleted tag never has questions.
   */
  async create(actor: TagActor, body: TagCreateBody): Promise<{ slug_name: string }> {
    const slug = slugOf(body.slug_name);
    const displayName = displayNameOf(body.display_name);
    const text = wiki(body.original_text);
    const existing = await this.#db.selectFrom('tag').selectAll().where('slug_name', '=', slug).executeTakeFirst();
    if (existing && existing.status !== TAG_STATUS.deleted)
      throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
    const types = await this.#types(['tag.created']);
    try {
      await writeTransaction(this.#db, async (trx) => {
        const now = this.#now();
        const id = existing?.id ?? (await newObjectId(trx, 'tag'));
        const content = {
          slug_name: slug,
          display_name: displayName,
          original_text: text.original_text,
          main_tag_slug_name: '',
        };
        const revisionId = await this.#revision(trx, actor, id, content, REVISION.normal, '', now);
        if (existing) {
          const revived = await trx
            .updateTable('tag')
            .set({
              ...text,
              display_name: displayName,
              main_tag_id: null,
              main_tag_slug_name: '',
              status: TAG_STATUS.available,
              revision_id: revisionId,
              updated_at: now,
            })
            .where('id', '=', id)
            .where('status', '=', TAG_STATUS.deleted)
            .executeTakeFirst();
          if (Number(revived.numUpdatedRows) !== 1)
            throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
        } else {
          await trx
            .insertInto('tag')
            .values({
              id,
              ...text,
              main_tag_id: null,
              main_tag_slug_name: '',
              slug_name: slug,
              display_name: displayName,
              status: TAG_STATUS.available,
              recommend: 0,
              reserved: 0,
              revision_id: revisionId,
              user_id: actor.userId,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        await recordActivity(trx, {
          userId: actor.userId,
          objectId: id,
          typeId: types.get('tag.created')!,
          revisionId,
          now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
      throw error;
    }
    return { slug_name: slug };
  }

  /**
   * PUT tag: with `applyNow` (tag.edit_without_review) the edit shows at once (revision status 2,
   * tag.edited activity; a renamed main tag's synonyms follow its slug), else it is stored as a
   * suggested edit (revision status 1) and nothing visible changes. A slug change needs `mayRenameSlug`
   * (staff). While an edit waits for review, further edits fail with 400 error.tag.cannot_update.
   */
  async update(
    actor: TagActor,
    body: TagUpdateBody,
    options: { applyNow: boolean; mayRenameSlug: boolean },
  ): Promise<{ wait_for_review: boolean }> {
    const row = await this.available(body.tag_id);
    const slug = slugOf(body.slug_name);
    const displayName = displayNameOf(body.display_name);
    const text = wiki(body.original_text);
    if (slug !== row.slug_name) {
      if (!options.mayRenameSlug) throw ApiFailure.forbidden('error.tag.cannot_edit_slug_name');
      const taken = await this.#db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirst();
      if (taken) throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
    }
    const types = await this.#types(['tag.edited']);
    try {
      await writeTransaction(this.#db, async (trx) => {
        const now = this.#now();
        // Lock the tag: two edits of one tag queue here, so the second sees the first one's revision.
        await trx.updateTable('tag').set({ revision_id: row.revision_id }).where('id', '=', row.id).execute();
        const waiting = await trx
          .selectFrom('revision')
          .select('id')
          .where('object_id', '=', row.id)
          .where('status', '=', REVISION.unreviewed)
          .executeTakeFirst();
        if (waiting) throw ApiFailure.badRequest('error.tag.cannot_update');
        const content = {
          slug_name: slug,
          display_name: displayName,
          original_text: text.original_text,
          main_tag_slug_name: row.main_tag_slug_name,
        };
        const status = options.applyNow ? REVISION.approved : REVISION.unreviewed;
        // The contract caps it at EDIT_SUMMARY_MAX, what revision.log holds.
        const log = (body.edit_summary ?? '').trim();
        const revisionId = await this.#revision(trx, actor, row.id, content, status, log, now);
        if (!options.applyNow) return;
        await trx
          .updateTable('tag')
          .set({ ...text, slug_name: slug, display_name: displayName, revision_id: revisionId, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        if (slug !== row.slug_name)
          await trx
            .updateTable('tag')
            .set({ main_tag_slug_name: slug, updated_at: now })
            .where('main_tag_id', '=', row.id)
            .execute();
        await recordActivity(trx, {
          userId: actor.userId,
          objectId: row.id,
          typeId: types.get('tag.edited')!,
          revisionId,
          now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
      throw error;
    }
    return { wait_for_review: !options.applyNow };
  }

  /**
   * DELETE tag: refused while any question carries it (a link of status 1 or 2: listed or unlisted)
   * or while it has synonyms; else status 10 and a tag.deleted activity.
   */
  async remove(actor: TagActor, id: string): Promise<void> {
    const row = await this.available(id);
    const types = await this.#types(['tag.deleted']);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      await trx.updateTable('tag').set({ revision_id: row.revision_id }).where('id', '=', row.id).execute();
      const refusal = await deleteRefusal(trx, row.id);
      if (refusal) throw ApiFailure.badRequest(refusal);
      await trx
        .updateTable('tag')
        .set({ status: TAG_STATUS.deleted, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: types.get('tag.deleted')!, now });
    });
  }

  /** Whether DELETE tag would delete this available tag now (the `delete` member action asks it). */
  async deletable(id: string): Promise<boolean> {
    return (await deleteRefusal(this.#db, id)) === null;
  }

  /** POST tag/recover: a deleted tag becomes available again (tag.undeleted activity). */
  async recover(actor: TagActor, id: string): Promise<void> {
    const row = await this.row(id);
    if (!row) throw ApiFailure.notFound('error.tag.not_found');
    if (row.status !== TAG_STATUS.deleted) throw ApiFailure.badRequest('error.tag.not_deleted');
    const types = await this.#types(['tag.undeleted']);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const changed = await trx
        .updateTable('tag')
        .set({ status: TAG_STATUS.available, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', TAG_STATUS.deleted)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return;
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: types.get('tag.undeleted')!, now });
    });
  }

  /**
   * PUT tag/synonym: exactly these tags become the synonyms of main tag `tagId`. A named main tag
   * becomes a synonym (refused when it has synonyms of its own, or is the tag itself) and its
   * questions and follows move to the main tag; a synonym of another tag moves over; an unknown slug
   * is created as a synonym (a deleted one comes back as one); synonyms left out become main tags
   * again (with no questions: those stay with the main tag). Counts of every tag touched are
   * recounted. One transaction.
   */
  async setSynonyms(actor: TagActor, tagId: string, list: SynonymTagInput[]): Promise<void> {
    const main = await this.available(tagId);
    if (main.main_tag_id) throw ApiFailure.badRequest('error.tag.synonym_not_main');
    const wanted = new Map<string, SynonymTagInput>();
    for (const item of list) {
      const slug = slugOf(item.slug_name, 'synonym_tag_list');
      if (!wanted.has(slug)) wanted.set(slug, item);
    }
    if (wanted.has(main.slug_name))
      throw ApiFailure.fields([{ field: 'synonym_tag_list', reason: 'error.tag.synonym_self' }]);
    const slugs = [...wanted.keys()];
    const named = slugs.length
      ? await this.#db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).execute()
      : [];
    for (const tag of named) {
      if (tag.status !== TAG_STATUS.available || tag.main_tag_id) continue;
      const own = await this.#db
        .selectFrom('tag')
        .select('id')
        .where('main_tag_id', '=', tag.id)
        .where('status', '=', TAG_STATUS.available)
        .executeTakeFirst();
      if (own)
        throw ApiFailure.fields([
          { field: 'synonym_tag_list', reason: 'error.tag.synonym_has_synonyms', params: { tag: tag.slug_name } },
        ]);
    }
    const followType = (await this.#types(['tag.follow'])).get('tag.follow')!;
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      await trx.updateTable('tag').set({ revision_id: main.revision_id }).where('id', '=', main.id).execute();
      const bySlug = new Map(named.map((tag) => [tag.slug_name, tag]));
      const touched = new Set<string>([main.id]);
      const keep = new Set<string>();
      for (const [slug, input] of wanted) {
        const tag = bySlug.get(slug);
        if (!tag) {
          const id = await newObjectId(trx, 'tag');
          await trx
            .insertInto('tag')
            .values({
              id,
              ...wiki(input.original_text),
              main_tag_id: main.id,
              main_tag_slug_name: main.slug_name,
              slug_name: slug,
              display_name: input.display_name?.trim() || slug,
              status: TAG_STATUS.available,
              recommend: 0,
              reserved: 0,
              revision_id: null,
              user_id: actor.userId,
              created_at: now,
              updated_at: now,
            })
            .execute();
          keep.add(id);
          continue;
        }
        keep.add(tag.id);
        touched.add(tag.id);
        if (tag.main_tag_id === main.id && tag.status === TAG_STATUS.available) continue;
        if (tag.main_tag_id) touched.add(tag.main_tag_id);
        await trx
          .updateTable('tag')
          .set({
            main_tag_id: main.id,
            main_tag_slug_name: main.slug_name,
            status: TAG_STATUS.available,
            updated_at: now,
          })
          .where('id', '=', tag.id)
          .execute();
        await this.#fold(trx, tag.id, main.id, followType, now);
      }
      const dropped = await trx
        .selectFrom('tag')
        .select('id')
        .where('main_tag_id', '=', main.id)
        .where('status', '=', TAG_STATUS.available)
        .execute();
      const freed = dropped.map((t) => t.id).filter((id) => !keep.has(id));
      for (const part of chunks(freed)) {
        await trx
          .updateTable('tag')
          .set({ main_tag_id: null, main_tag_slug_name: '', updated_at: now })
          .where('id', 'in', part)
          .execute();
      }
      for (const id of freed) touched.add(id);
      await this.#recount(trx, [...touched], followType);
    });
  }

  /**
   * POST tag/merge (moderators; checked by the route): tag `sourceId` goes into `targetId`. Its
   * questions and follows move to the target (a question carrying both keeps one link), its synonyms
   * become the target's, and the source becomes a synonym of the target, so its address, the search
   * and the ask form lead to the target. Both must be available main tags, and different. One
   * transaction; both tags are read again inside it.
   */
  async merge(sourceId: string, targetId: string): Promise<void> {
    if (sourceId === targetId) throw ApiFailure.fields([{ field: 'target_tag_id', reason: 'error.tag.merge_self' }]);
    const followType = (await this.#types(['tag.follow'])).get('tag.follow')!;
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const tags = await trx.selectFrom('tag').selectAll().where('id', 'in', [sourceId, targetId]).execute();
      const source = tags.find((tag) => tag.id === sourceId);
      const target = tags.find((tag) => tag.id === targetId);
      for (const [tag, field] of [
        [source, 'source_tag_id'],
        [target, 'target_tag_id'],
      ] as const) {
        if (!tag || tag.status !== TAG_STATUS.available)
          throw ApiFailure.fields([{ field, reason: 'error.tag.not_found' }]);
        if (tag.main_tag_id) throw ApiFailure.fields([{ field, reason: 'error.tag.merge_not_main' }]);
      }
      const main = { main_tag_id: target!.id, main_tag_slug_name: target!.slug_name, updated_at: now };
      await trx.updateTable('tag').set(main).where('main_tag_id', '=', sourceId).execute();
      await trx.updateTable('tag').set(main).where('id', '=', sourceId).execute();
      await this.#fold(trx, sourceId, targetId, followType, now);
      await this.#recount(trx, [sourceId, targetId], followType);
    });
  }

  /** A synonym's question links and follows move to its main tag (none twice). */
  async #fold(trx: Transaction<DB>, fromId: string, toId: string, followType: number, now: number): Promise<void> {
    const rels = await trx
      .selectFrom('tag_rel')
      .select(['id', 'object_id', 'status'])
      .where('tag_id', '=', fromId)
      .execute();
    if (rels.length) {
      const mainRels = new Map<string, { id: number; status: number }>();
      for (const part of chunks(rels.map((r) => r.object_id))) {
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
      for (const part of chunks(drop)) await trx.deleteFrom('tag_rel').where('id', 'in', part).execute();
      for (const part of chunks(move))
        await trx.updateTable('tag_rel').set({ tag_id: toId, updated_at: now }).where('id', 'in', part).execute();
    }
    const follows = await trx
      .selectFrom('activity')
      .select(['id', 'user_id'])
      .where('object_id', '=', fromId)
      .where('activity_type', '=', followType)
      .where('cancelled', '=', 0)
      .execute();
    if (follows.length === 0) return;
    const already = new Set<number>();
    for (const part of chunks(follows.map((f) => f.user_id))) {
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
    for (const part of chunks(cancel))
      await trx
        .updateTable('activity')
        .set({ cancelled: 1, cancelled_at: now, updated_at: now })
        .where('id', 'in', part)
        .execute();
    for (const part of chunks(move))
      await trx
        .updateTable('activity')
        .set({ object_id: toId, original_object_id: toId, updated_at: now })
        .where('id', 'in', part)
        .execute();
  }

  /** question_count (available links) and follow_count (active follows) of these tags, recounted. */
  async #recount(trx: Transaction<DB>, ids: string[], followType: number): Promise<void> {
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
}
