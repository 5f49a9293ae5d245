import type { TimelineItem } from '@agora/shared-api/contract';

/** Administrators and moderators. */
export const STAFF_ROLES: ReadonlySet<number> = new Set([2, 3]);

/** Whether a row points at a revision (an edit, a creation, a rollback) whose changes can be shown. */
export const hasRevision = (row: TimelineItem) => row.revision_id !== '' && row.revision_id !== '0';

/**
 * The revision each revision row is compared with: the next older revision row of the same object ('0'
 * when it is the first). Rows are newest first.
 */
export function previousRevisions(rows: readonly TimelineItem[]): Map<string, string> {
  const out = new Map<string, string>();
  rows.forEach((row, index) => {
    if (!hasRevision(row)) return;
    const older = rows.slice(index + 1).find((r) => hasRevision(r) && r.object_id === row.object_id);
    out.set(row.activity_id, older?.revision_id ?? '0');
  });
  return out;
}

/** The revision the object shows now: its newest revision row (rows newest first). */
export function currentRevision(rows: readonly TimelineItem[], objectId: string): string | undefined {
  return rows.find((r) => hasRevision(r) && r.object_id === objectId)?.revision_id;
}
