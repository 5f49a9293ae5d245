import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { linkPostUploads } from '../upload/links';
import { selectAnswerWithQuestion, updateAnswer, updateQuestionOfAnswer } from './repository';

/**
 * Puts an answer revision on its answer, for an edit applied at once and for an approved suggestion
 * alike: body, uploads, the editor as last editor, the question's post time and the `edited` activity.
 */
export const applyAnswerRevision: RevisionApplier = async (trx, revision, now) => {
  const found = await selectAnswerWithQuestion(trx, revision.object_id);
  if (!found) return;
  const snapshot = parseSnapshot(revision.content);
  const content = typeof snapshot.original_text === 'string' ? snapshot.original_text : '';
  const editorId = Number(revision.user_id);
  await updateAnswer(trx, revision.object_id, {
    original_text: content,
    parsed_text: renderPostHtml(content),
    last_edit_user_id: editorId,
    revision_id: revision.id,
    updated_at: now,
  });
  await linkPostUploads(trx, revision.object_id, content, now);
  await updateQuestionOfAnswer(trx, found.question_id, { post_update_time: now });
  const edited = (await activityTypes(trx, ['answer.edited'])).get('answer.edited')!;
  await recordActivity(trx, {
    userId: editorId,
    objectId: revision.object_id,
    originalObjectId: found.question_id,
    typeId: edited,
    revisionId: revision.id,
    now,
  });
};
