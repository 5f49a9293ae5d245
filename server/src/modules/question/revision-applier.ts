import type { Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { renderPostHtml } from '../../lib/markdown';
import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { createPlannedTags, planTags, tagSnapshots } from '../tag/post-tags';
import { linkPostUploads } from '../upload/links';
import { countOnTags, insertLink, selectLinks, setLinkStatus } from './link-repository';
import { selectQuestion, updateQuestion } from './post-repository';
import { SHOW, TAG_REL, type QuestionRow } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The tag ids a question revision names, now: tag ids as they are, slugs (tags a suggested edit would
 * create) planned again and created for the editor. An edit applied at once names ids only.
 */
async function revisionTagIds(trx: Transaction<DB>, named: unknown[], editorId: number, now: number) {
  const ids = named.filter((t): t is string => typeof t === 'string' && objectTypeOf(t) === 'tag');
  const slugs = named.filter((t): t is string => typeof t === 'string' && objectTypeOf(t) !== 'tag');
  if (slugs.length === 0) return ids;
  const known = (await tagSnapshots(trx, ids)).map((tag) => ({ slug_name: tag.slug_name }));
  const plan = await planTags(trx, [...known, ...slugs.map((slug) => ({ slug_name: slug }))]);
  return createPlannedTags(trx, plan, editorId, now);
}

/** Puts the question's links on exactly `tagIds` (hidden links while it is unlisted), counting the tags. */
export async function relink(trx: Transaction<DB>, row: QuestionRow, tagIds: string[], now: number): Promise<void> {
  const rels = await selectLinks(trx, row.id);
  const relStatus = row.show === SHOW.unlisted ? TAG_REL.hidden : TAG_REL.available;
  for (const rel of rels) {
    if (tagIds.includes(rel.tag_id) || rel.status === TAG_REL.deleted) continue;
    await setLinkStatus(trx, [rel.id], TAG_REL.deleted, now);
    // A hidden link (unlisted question) was uncounted when the question was hidden.
    if (rel.status === TAG_REL.available) await countOnTags(trx, [rel.tag_id], -1);
  }
  for (const tagId of tagIds) {
    const rel = rels.find((r) => r.tag_id === tagId);
    if (rel && rel.status !== TAG_REL.deleted) continue;
    if (rel) await setLinkStatus(trx, [rel.id], relStatus, now);
    else await insertLink(trx, row.id, tagId, relStatus, now);
    if (relStatus === TAG_REL.available) await countOnTags(trx, [tagId], 1);
  }
}

/**
 * Puts a question revision on its question, for an edit applied at once and for an approved
 * suggestion alike: title, body, tags, uploads, the editor as last editor and the `edited` activity.
 */
export const applyQuestionRevision: RevisionApplier = async (trx, revision, now) => {
  const row = await selectQuestion(trx, revision.object_id);
  if (!row) return;
  const snapshot = parseSnapshot(revision.content);
  const title = text(snapshot.title) || row.title;
  const content = text(snapshot.original_text);
  const editorId = Number(revision.user_id);
  const tagIds = await revisionTagIds(trx, Array.isArray(snapshot.tags) ? snapshot.tags : [], editorId, now);
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
  const edited = (await activityTypes(trx, ['question.edited'])).get('question.edited')!;
  await recordActivity(trx, { userId: editorId, objectId: row.id, typeId: edited, revisionId: revision.id, now });
};
