import type { TimelineDetail, TimelineRevisionSide } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { isStaffRole } from '../post/table';
import type { Viewer } from '../visibility/rule';
import { revisionSubject } from './history';
import { selectRevision } from './repository';
import { snapshotTags } from './snapshot-tags';
import { parseSnapshot, SHOWN_STATUSES, type RevisionRow } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const EMPTY_SIDE: TimelineRevisionSide = {
  title: '',
  tags: [],
  original_text: '',
  slug_name: '',
  main_tag_slug_name: '',
};

/**
 * GET activity/timeline/detail: two revisions of one object side by side (`oldId` 0: nothing before).
 * Either missing, or a suggested or rejected one shown to someone who is not staff: 404
 * error.revision.not_found; two objects: 400 error.revision.not_same_object; an object the viewer may
 * not see: its own 404.
 */
export async function compareRevisions(
  db: Kysely<DB>,
  newId: number,
  oldId: number,
  viewer: Viewer,
  withDeletedTags: boolean,
): Promise<TimelineDetail> {
  const notFound = () => ApiFailure.notFound('error.revision.not_found');
  const staff = isStaffRole(viewer.roleId);
  const load = async (id: number) => {
    const row = id > 0 ? await selectRevision(db, id) : undefined;
    if (!row || (!staff && !SHOWN_STATUSES.includes(Number(row.status)))) throw notFound();
    return row;
  };
  const newer = await load(newId);
  const older = oldId === 0 ? undefined : await load(oldId);
  if (older && older.object_id !== newer.object_id) throw ApiFailure.badRequest('error.revision.not_same_object');
  const title = await revisionSubject(db, newer.object_id, viewer, withDeletedTags);
  const rows = older ? [newer, older] : [newer];
  const snapshots = rows.map((row) => parseSnapshot(row.content));
  const type = objectTypeOf(newer.object_id);
  const tags = type === 'question' ? await snapshotTags(db, snapshots) : undefined;
  const side = (row: RevisionRow, i: number): TimelineRevisionSide => {
    const snapshot = snapshots[i]!;
    if (type === 'tag')
      return {
        ...EMPTY_SIDE,
        title: text(snapshot.display_name) || row.title,
        original_text: text(snapshot.original_text),
        slug_name: text(snapshot.slug_name),
        main_tag_slug_name: text(snapshot.main_tag_slug_name),
      };
    return {
      ...EMPTY_SIDE,
      title: type === 'question' ? text(snapshot.title) || row.title : title,
      tags: tags?.of(snapshot) ?? [],
      original_text: text(snapshot.original_text),
    };
  };
  return { new_revision: side(newer, 0), old_revision: older ? side(older, 1) : EMPTY_SIDE };
}
