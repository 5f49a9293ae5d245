import type { RevisedObjects } from '../revisions/rollback';
import { selectAnswerWithQuestion, selectQuestionTitle } from './repository';
import { putAnswerRevision } from './revision-applier';
import { ANSWER_STATUS } from './table';

/**
 * Answers as the revisions module sees them: the answer a rollback checks, and the applier that puts a
 * revision's body back on it (its author as last editor; the question is active again).
 */
export const answerRevisions: RevisedObjects = {
  async current(db, id) {
    const row = await selectAnswerWithQuestion(db, id);
    if (!row) return undefined;
    return {
      authorId: Number(row.user_id),
      revisionId: row.revision_id,
      deleted: row.status === ANSWER_STATUS.deleted,
      questionId: row.question_id,
      title: (await selectQuestionTitle(db, row.question_id)) ?? '',
    };
  },
  apply: putAnswerRevision,
};
