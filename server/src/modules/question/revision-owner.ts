import type { RevisedObjects } from '../revisions/rollback';
import { selectQuestion } from './post-repository';
import { putQuestionRevision } from './revision-applier';
import { QUESTION_STATUS } from './table';

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
  apply: putQuestionRevision,
};
