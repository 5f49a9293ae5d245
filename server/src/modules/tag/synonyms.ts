import type { SynonymTagInput } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { requiredConfigIds } from '../config/service';
import type { TagActor, TagEdits } from './edits';
import { slugOf, wiki } from './names';
import { hasSynonyms, insertTag, lockTag, selectTagsByIds, selectTagsBySlugs, updateTag } from './repository';
import { foldInto, freeSynonyms, moveUnder, recount, selectSynonymIds } from './synonym-repository';
import { TAG_STATUS } from './table';

/** The synonym sets of main tags and merges of tags (moderators; checked by the routes). */
export class TagSynonymEdits {
  readonly #db: Kysely<DB>;
  readonly #edits: TagEdits;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, edits: TagEdits, now: () => number) {
    this.#db = db;
    this.#edits = edits;
    this.#now = now;
  }

  async #followType(): Promise<number> {
    return (await requiredConfigIds(this.#db, ['tag.follow'])).get('tag.follow')!;
  }

  /**
   * PUT tag/synonym: exactly these tags become the synonyms of main tag `tagId`. A named main tag
   * becomes a synonym (refused when it has synonyms of its own, or is the tag itself) and its
   * questions and follows move to the main tag; a synonym of another tag moves over; an unknown slug
   * is created as a synonym (a deleted one comes back as one); synonyms left out become main tags
   * again (with no questions: those stay with the main tag). Counts of every tag touched are
   * recounted. One transaction.
   */
  async set(actor: TagActor, tagId: string, list: SynonymTagInput[]): Promise<void> {
    const main = await this.#edits.available(tagId);
    if (main.main_tag_id) throw ApiFailure.badRequest('error.tag.synonym_not_main');
    const wanted = new Map<string, SynonymTagInput>();
    for (const item of list) {
      const slug = slugOf(item.slug_name, 'synonym_tag_list');
      if (!wanted.has(slug)) wanted.set(slug, item);
    }
    if (wanted.has(main.slug_name))
      throw ApiFailure.fields([{ field: 'synonym_tag_list', reason: 'error.tag.synonym_self' }]);
    const named = await selectTagsBySlugs(this.#db, [...wanted.keys()]);
    for (const tag of named) {
      if (tag.status !== TAG_STATUS.available || tag.main_tag_id) continue;
      if (await hasSynonyms(this.#db, tag.id))
        throw ApiFailure.fields([
          { field: 'synonym_tag_list', reason: 'error.tag.synonym_has_synonyms', params: { tag: tag.slug_name } },
        ]);
    }
    const followType = await this.#followType();
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      await lockTag(trx, main);
      const bySlug = new Map(named.map((tag) => [tag.slug_name, tag]));
      const touched = new Set<string>([main.id]);
      const keep = new Set<string>();
      for (const [slug, input] of wanted) {
        const tag = bySlug.get(slug);
        if (!tag) {
          const id = await insertTag(trx, {
            ...wiki(input.original_text),
            main_tag_id: main.id,
            main_tag_slug_name: main.slug_name,
            slug_name: slug,
            display_name: input.display_name?.trim() || slug,
            revision_id: null,
            user_id: actor.userId,
            now,
          });
          keep.add(id);
          continue;
        }
        keep.add(tag.id);
        touched.add(tag.id);
        if (tag.main_tag_id === main.id && tag.status === TAG_STATUS.available) continue;
        if (tag.main_tag_id) touched.add(tag.main_tag_id);
        await updateTag(trx, tag.id, {
          main_tag_id: main.id,
          main_tag_slug_name: main.slug_name,
          status: TAG_STATUS.available,
          updated_at: now,
        });
        await foldInto(trx, tag.id, main.id, followType, now);
      }
      const freed = (await selectSynonymIds(trx, main.id)).filter((id) => !keep.has(id));
      await freeSynonyms(trx, freed, now);
      for (const id of freed) touched.add(id);
      await recount(trx, [...touched], followType);
    });
  }

  /**
   * POST tag/merge: tag `sourceId` goes into `targetId`. Its questions and follows move to the target
   * (a question carrying both keeps one link), its synonyms become the target's, and the source
   * becomes a synonym of the target, so its address, the search and the ask form lead to the target.
   * Both must be available main tags, and different. One transaction; both tags are read again
   * inside it.
   */
  async merge(sourceId: string, targetId: string): Promise<void> {
    if (sourceId === targetId) throw ApiFailure.fields([{ field: 'target_tag_id', reason: 'error.tag.merge_self' }]);
    const followType = await this.#followType();
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const tags = await selectTagsByIds(trx, [sourceId, targetId]);
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
      await moveUnder(trx, sourceId, target!, now);
      await foldInto(trx, sourceId, targetId, followType, now);
      await recount(trx, [sourceId, targetId], followType);
    });
  }
}
