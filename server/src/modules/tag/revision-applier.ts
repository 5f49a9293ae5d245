import { ApiFailure } from '../../lib/api-failure';
import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { wiki } from './names';
import { isSlugTaken, renameMainOfSynonyms, selectTag, updateTag } from './repository';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Puts a tag revision on its tag: names and wiki; a renamed main tag's synonyms follow its slug (a slug
 * another tag took since is the slug field's failure). No activity: the caller records what happened.
 */
export const putTagRevision: RevisionApplier = async (trx, revision, now) => {
  const row = await selectTag(trx, revision.object_id);
  if (!row) return;
  const snapshot = parseSnapshot(revision.content);
  const slug = text(snapshot.slug_name) || row.slug_name;
  if (slug !== row.slug_name && (await isSlugTaken(trx, slug)))
    throw ApiFailure.fields([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
  const values = {
    ...wiki(text(snapshot.original_text)),
    slug_name: slug,
    display_name: text(snapshot.display_name) || row.display_name,
    updated_at: now,
  };
  await updateTag(trx, row.id, { ...values, revision_id: revision.id });
  if (slug !== row.slug_name) await renameMainOfSynonyms(trx, row.id, slug, now);
};

/** An edit applied at once or an approved suggestion: the revision put on the tag, and the `edited` activity. */
export const applyTagRevision: RevisionApplier = async (trx, revision, now) => {
  await putTagRevision(trx, revision, now);
  const edited = (await activityTypes(trx, ['tag.edited'])).get('tag.edited')!;
  await recordActivity(trx, {
    userId: Number(revision.user_id),
    objectId: revision.object_id,
    typeId: edited,
    revisionId: revision.id,
    now,
  });
};
