import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { linkPostUploads } from '../upload/links';
import { selectAnswerWithQuestion, updateAnswer, updateQuestionOfAnswer } from './repository';

/**
 * Puts an answer revision on its answer: body, uploads, its author as last editor, the question's post
 * time. No activity: the caller records what happened (edited, rollback).
 */
export const putAnswerRevision: RevisionApplier = async (trx, revision, now) => {
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
};

/** An edit applied at once or an approved suggestion: the revision put on the answer, and the `edited` activity. */
export const applyAnswerRevision: RevisionApplier = async (trx, revision, now) => {
  await putAnswerRevision(trx, revision, now);
  const found = await selectAnswerWithQuestion(trx, revision.object_id);
  if (!found) return;
  const edited = (await activityTypes(trx, ['answer.edited'])).get('answer.edited')!;
  await recordActivity(trx, {
    userId: Number(revision.user_id),
    objectId: revision.object_id,
    originalObjectId: found.question_id,
    typeId: edited,
    revisionId: revision.id,
    now,
  });
};
