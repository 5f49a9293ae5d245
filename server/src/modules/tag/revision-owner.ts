import { ApiFailure } from '../../lib/api-failure';
import type { RevisedObjects } from '../revisions/rollback';
import { parseSnapshot } from '../revisions/table';
import { wiki } from './names';
import { isSlugTaken, renameMainOfSynonyms, selectTag, updateTag } from './repository';
import { TAG_STATUS } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Tags as the revisions module sees them: the tag a rollback checks, and the applier that puts a
 * revision's names and wiki back (a slug another tag took since is the slug field's failure).
 */
export const tagRevisions: RevisedObjects = {
  async current(db, id) {
    const row = await selectTag(db, id);
    if (!row) return undefined;
    return {
      authorId: Number(row.user_id),
      revisionId: row.revision_id,
      deleted: row.status === TAG_STATUS.deleted,
      title: row.display_name,
      slug: row.slug_name,
    };
  },
  async apply(trx, revision, now) {
    const row = (await selectTag(trx, revision.object_id))!;
    const snapshot = parseSnapshot(revision.content);
    const slug = text(snapshot.slug_name) || row.slug_name;
    const displayName = text(snapshot.display_name) || row.display_name;
    if (slug !== row.slug_name && (await isSlugTaken(trx, slug)))
      throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
    const values = { ...wiki(text(snapshot.original_text)), slug_name: slug, display_name: displayName };
    await updateTag(trx, row.id, { ...values, revision_id: revision.id, updated_at: now });
    if (slug !== row.slug_name) await renameMainOfSynonyms(trx, row.id, slug, now);
  },
};
