import { activityTypes, recordActivity } from '../reputation';
import type { RevisionApplier } from '../revisions/service';
import { parseSnapshot } from '../revisions/table';
import { wiki } from './names';
import { renameMainOfSynonyms, selectTag, updateTag } from './repository';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Puts a tag revision on its tag, for an edit applied at once and for an approved suggestion alike:
 * names and wiki, the `edited` activity; a renamed main tag's synonyms follow its slug.
 */
export const applyTagRevision: RevisionApplier = async (trx, revision, now) => {
  const row = await selectTag(trx, revision.object_id);
  if (!row) return;
  const snapshot = parseSnapshot(revision.content);
  const slug = text(snapshot.slug_name) || row.slug_name;
  const values = {
    ...wiki(text(snapshot.original_text)),
    slug_name: slug,
    display_name: text(snapshot.display_name) || row.display_name,
    updated_at: now,
  };
  await updateTag(trx, row.id, { ...values, revision_id: revision.id });
  if (slug !== row.slug_name) await renameMainOfSynonyms(trx, row.id, slug, now);
  const edited = (await activityTypes(trx, ['tag.edited'])).get('tag.edited')!;
  await recordActivity(trx, {
    userId: Number(revision.user_id),
    objectId: row.id,
    typeId: edited,
    revisionId: revision.id,
    now,
  });
};
