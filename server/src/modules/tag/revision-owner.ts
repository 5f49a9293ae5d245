import type { RevisedObjects } from '../revisions/rollback';
import { selectTag } from './repository';
import { putTagRevision } from './revision-applier';
import { TAG_STATUS } from './table';

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
  apply: putTagRevision,
};
