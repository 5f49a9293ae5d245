import type { TagCreateBody, TagUpdateBody } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { newObjectId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { requiredConfigIds } from '../config/service';
import { changeStatus } from '../post/transition';
import { recordActivity } from '../reputation';
import { refuseWhileSuggested, writeCreation, writeEdit } from '../revisions/service';
import { displayNameOf, slugOf, wiki } from './names';
import {
  hasSynonyms,
  insertTag,
  isSlugTaken,
  isTagUsed,
  lockTag,
  selectTag,
  selectTagBySlug,
  updateTag,
} from './repository';
import { applyTagRevision } from './revision-applier';
import { TAG_STATUS, type TagRow } from './table';

/** Who acts. */
export interface TagActor {
  userId: number;
}

const slugTaken = () => ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);

/** Runs a write that may hit the unique slug index: a duplicate slug is the slug field's failure. */
async function uniqueSlug<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Why DELETE tag refuses a tag: a question carries it (a link of status 1 or 2: listed or unlisted),
 * or it has synonyms; null when it may go.
 */
async function deleteRefusal(db: Parameters<typeof isTagUsed>[0], tagId: string): Promise<string | null> {
  if (await isTagUsed(db, tagId)) return 'error.tag.is_used_cannot_delete';
  return (await hasSynonyms(db, tagId)) ? 'error.tag.has_synonyms_cannot_delete' : null;
}

/**
 * Tag writes: create, edit (applied or suggested, through the revisions module), delete and recover.
 * Permissions are checked by the routes; these methods enforce the rules of the tag itself (slug
 * taken, pending edit, used by questions).
 */
export class TagEdits {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** A tag by id (any status), or undefined. */
  row(id: string): Promise<TagRow | undefined> {
    return selectTag(this.#db, id);
  }

  /** An available tag by id, else 404 error.tag.not_found. */
  async available(id: string): Promise<TagRow> {
    const row = await this.row(id);
    if (!row || row.status !== TAG_STATUS.available) throw ApiFailure.notFound('error.tag.not_found');
    return row;
  }

  /** The activity type of a key (read before a transaction: SQLite has one connection). */
  async #type(key: string): Promise<number> {
    return (await requiredConfigIds(this.#db, [key])).get(key)!;
  }

  /**
   * POST tag: a new main tag with its first revision and a tag.created activity. A slug in use is a
   * field failure; a deleted tag of that slug comes back with the new names and wiki (as asking with
   * its slug does), since slugs are unique and a deleted tag never has questions.
   */
  async create(actor: TagActor, body: TagCreateBody): Promise<{ slug_name: string }> {
    const slug = slugOf(body.slug_name);
    const displayName = displayNameOf(body.display_name);
    const text = wiki(body.original_text);
    const existing = await selectTagBySlug(this.#db, slug);
    if (existing && existing.status !== TAG_STATUS.deleted) throw slugTaken();
    const created = await this.#type('tag.created');
    await uniqueSlug(() =>
      writeTransaction(this.#db, async (trx) => {
        const now = this.#now();
        const id = existing?.id ?? (await newObjectId(trx, 'tag'));
        const snapshot = {
          slug_name: slug,
          display_name: displayName,
          original_text: text.original_text,
          main_tag_slug_name: '',
        };
        const revisionId = await writeCreation(
          trx,
          { objectType: 'tag', objectId: id, userId: actor.userId, title: displayName, snapshot },
          now,
        );
        const main = { main_tag_id: null, main_tag_slug_name: '' };
        if (existing) {
          const revived = await updateTag(
            trx,
            id,
            {
              ...text,
              ...main,
              display_name: displayName,
              status: TAG_STATUS.available,
              revision_id: revisionId,
              updated_at: now,
            },
            TAG_STATUS.deleted,
          );
          if (!revived) throw slugTaken();
        } else {
          await insertTag(trx, {
            id,
            ...text,
            ...main,
            slug_name: slug,
            display_name: displayName,
            revision_id: revisionId,
            user_id: actor.userId,
            now,
          });
        }
        await recordActivity(trx, { userId: actor.userId, objectId: id, typeId: created, revisionId, now });
      }),
    );
    return { slug_name: slug };
  }

  /**
   * PUT tag: with `applyNow` (tag.edit_without_review) the edit shows at once (tag.edited activity; a
   * renamed main tag's synonyms follow its slug), else it is stored as a suggested edit and nothing
   * visible changes. A slug change needs `mayRenameSlug` (staff). While an edit waits for review,
   * further edits fail with 400 error.tag.cannot_update.
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
      if (await isSlugTaken(this.#db, slug)) throw slugTaken();
    }
    await uniqueSlug(() =>
      writeTransaction(this.#db, async (trx) => {
        // Lock the tag: two edits of one tag queue here, so the second sees the first one's revision.
        await lockTag(trx, row);
        await refuseWhileSuggested(trx, row.id, 'error.tag.cannot_update');
        const snapshot = {
          slug_name: slug,
          display_name: displayName,
          original_text: text.original_text,
          main_tag_slug_name: row.main_tag_slug_name,
        };
        // The contract caps the summary at EDIT_SUMMARY_MAX, what revision.log holds.
        const draft = { objectType: 'tag' as const, objectId: row.id, userId: actor.userId, title: displayName };
        await writeEdit(
          trx,
          { ...draft, snapshot, log: (body.edit_summary ?? '').trim() },
          { applyNow: options.applyNow, apply: applyTagRevision },
          this.#now(),
        );
      }),
    );
    return { wait_for_review: !options.applyNow };
  }

  /**
   * DELETE tag: refused while any question carries it (a link of status 1 or 2: listed or unlisted)
   * or while it has synonyms; else deleted, with a tag.deleted activity.
   */
  async remove(actor: TagActor, id: string): Promise<void> {
    const row = await this.available(id);
    const typeId = await this.#type('tag.deleted');
    await changeStatus(
      this.#db,
      {
        table: 'tag',
        id: row.id,
        column: 'status',
        from: TAG_STATUS.available,
        to: TAG_STATUS.deleted,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: () => null,
        // The status change holds the tag's row: a question tagged meanwhile has committed by now.
        effects: async (trx) => {
          const refusal = await deleteRefusal(trx, row.id);
          if (refusal) throw ApiFailure.badRequest(refusal);
        },
      },
      this.#now,
    );
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
    const typeId = await this.#type('tag.undeleted');
    await changeStatus(
      this.#db,
      {
        table: 'tag',
        id: row.id,
        column: 'status',
        from: TAG_STATUS.deleted,
        to: TAG_STATUS.available,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: () => null,
      },
      this.#now,
    );
  }
}
