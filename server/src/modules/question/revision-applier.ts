import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { createPlannedTags, planTags, snapshotTagInput } from '../tag/post-tags';
import { linkPostUploads } from '../upload/links';
import { countOnTags, insertLink, selectLinks, setLinkStatus } from './link-repository';
import { selectQuestion, updateQuestion } from './post-repository';
import { QUESTION_STATUS, SHOW, TAG_REL, type QuestionRow } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * An applied revision's tags: links to tags no longer named are deleted (and uncounted), links to newly
 * named ones made or revived, hidden while the question is unlisted or queued (showing it counts them).
 */
export async function relink(trx: Transaction<DB>, row: QuestionRow, tagIds: string[], now: number): Promise<void> {
  const rels = await selectLinks(trx, row.id);
  const hidden = row.show === SHOW.unlisted || row.status === QUESTION_STATUS.pending;
  const relStatus = hidden ? TAG_REL.hidden : TAG_REL.available;
  const removed = rels.filter((rel) => !tagIds.includes(rel.tag_id) && rel.status !== TAG_REL.deleted);
  const linkOf = (tagId: string) => rels.find((r) => r.tag_id === tagId);
  const added = tagIds.filter((tagId) => {
    const rel = linkOf(tagId);
    return !rel || rel.status === TAG_REL.deleted;
  });
  // The counts before the links (the lock order: see publishCounts). A hidden link (unlisted question)
  // was uncounted when the question was hidden.
  const uncounted = removed.filter((rel) => rel.status === TAG_REL.available).map((rel) => rel.tag_id);
  await countOnTags(trx, uncounted, -1);
  if (relStatus === TAG_REL.available) await countOnTags(trx, added, 1);
  for (const rel of removed) await setLinkStatus(trx, [rel.id], TAG_REL.deleted, now);
  for (const tagId of added) {
    const rel = linkOf(tagId);
    if (rel) await setLinkStatus(trx, [rel.id], relStatus, now);
    else await insertLink(trx, row.id, tagId, relStatus, now);
  }
}

/**
 * Puts a question revision on its question: title, body, the tags it names (tag ids, new slugs or tag
 * objects; tags deleted since come back, as asking with their slug does), uploads, its author as last
 * editor. No activity: the caller records what happened (edited, rollback).
 */
export const putQuestionRevision: RevisionApplier = async (trx, revision, now) => {
  const row = await selectQuestion(trx, revision.object_id);
  if (!row) return;
  const snapshot = parseSnapshot(revision.content);
  const title = text(snapshot.title) || row.title;
  const content = text(snapshot.original_text);
  const editorId = Number(revision.user_id);
  const named = Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : [];
  const plan = await planTags(trx, await snapshotTagInput(trx, named));
  const tagIds = await createPlannedTags(trx, plan, editorId, now);
  await updateQuestion(trx, row.id, {
    title,
    original_text: content,
    parsed_text: renderPostHtml(content),
    last_edit_user_id: editorId,
    revision_id: revision.id,
    updated_at: now,
    post_update_time: now,
  });
  await linkPostUploads(trx, row.id, content, now);
  await relink(trx, row, tagIds, now);
};

/** An edit applied at once or an approved suggestion: the revision put on the question, and the `edited` activity. */
export const applyQuestionRevision: RevisionApplier = async (trx, revision, now) => {
  await putQuestionRevision(trx, revision, now);
  const edited = (await activityTypes(trx, ['question.edited'])).get('question.edited')!;
  const userId = Number(revision.user_id);
  await recordActivity(trx, { userId, objectId: revision.object_id, typeId: edited, revisionId: revision.id, now });
};
