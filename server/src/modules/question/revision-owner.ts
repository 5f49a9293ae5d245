import { renderPostHtml } from '../../lib/markdown';
import type { RevisedObjects } from '../revisions/rollback';
import { parseSnapshot } from '../revisions/table';
import { createPlannedTags, planTags, snapshotTagInput } from '../tag/post-tags';
import { linkPostUploads } from '../upload/links';
import { selectQuestion, updateQuestion } from './post-repository';
import { relink } from './posts';
import { QUESTION_STATUS } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Questions as the revisions module sees them: the question a rollback checks, and the applier that
 * puts a revision back on it (title, body, tags as the revision named them, its author as last editor).
 */
export const questionRevisions: RevisedObjects = {
  async current(db, id) {
    const row = await selectQuestion(db, id);
    if (!row) return undefined;
    return {
      authorId: Number(row.user_id),
      revisionId: row.revision_id,
      deleted: row.status === QUESTION_STATUS.deleted,
      questionId: row.id,
      title: row.title,
    };
  },
  async apply(trx, revision, now) {
    const row = (await selectQuestion(trx, revision.object_id))!;
    const snapshot = parseSnapshot(revision.content);
    const title = text(snapshot.title) || revision.title;
    const body = text(snapshot.original_text);
    const named = Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : [];
    // Tags deleted since come back, as asking with their slug does.
    const plan = await planTags(trx, await snapshotTagInput(trx, named));
    const tagIds = await createPlannedTags(trx, plan, revision.user_id, now);
    await updateQuestion(trx, row.id, {
      title,
      original_text: body,
      parsed_text: renderPostHtml(body),
      last_edit_user_id: revision.user_id,
      revision_id: revision.id,
      updated_at: now,
      post_update_time: now,
    });
    await linkPostUploads(trx, row.id, body, now);
    await relink(trx, row, tagIds, now);
  },
};
