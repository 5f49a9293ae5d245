import { renderPostHtml } from '../../lib/markdown';
import type { RevisedObjects } from '../revisions/rollback';
import { parseSnapshot } from '../revisions/table';
import { linkPostUploads } from '../upload/links';
import { selectAnswerWithQuestion, selectQuestionTitle, updateAnswer, updateQuestionOfAnswer } from './repository';
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
  async apply(trx, revision, now) {
    const snapshot = parseSnapshot(revision.content);
    const body = typeof snapshot.original_text === 'string' ? snapshot.original_text : '';
    const row = (await selectAnswerWithQuestion(trx, revision.object_id))!;
    await updateAnswer(trx, row.id, {
      original_text: body,
      parsed_text: renderPostHtml(body),
      last_edit_user_id: revision.user_id,
      revision_id: revision.id,
      updated_at: now,
    });
    await linkPostUploads(trx, row.id, body, now);
    await updateQuestionOfAnswer(trx, row.question_id, { post_update_time: now });
  },
};
