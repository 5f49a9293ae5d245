import type { Selectable } from 'kysely';
import type { RevisionTable } from '../../db/schema';

export type RevisionRow = Selectable<RevisionTable>;

/** revision.status (db/README.md). */
export const REVISION_STATUS = {
  /** The snapshot written when the object was created. */
  created: 0,
  /** A suggested edit waiting for review. */
  suggested: 1,
  /** An edit applied to the object (at once, or approved by a reviewer). */
  applied: 2,
  /** A suggested edit a reviewer turned down. */
  rejected: 3,
} as const;

/** The revisions a history shows: the creation and applied edits (never suggested or rejected ones). */
export const SHOWN_STATUSES: readonly number[] = [REVISION_STATUS.created, REVISION_STATUS.applied];

/** The objects that have revisions. */
export type RevisedType = 'question' | 'answer' | 'tag';

/**
 * A revision's snapshot (revision.content, JSON). A question's holds its title, markdown and tags (tag
 * objects when it was asked; tag ids, and slugs of tags a suggested edit would create, on an edit); an
 * answer's its question id and markdown; a tag's its names, wiki and main tag.
 */
export type RevisionSnapshot = Record<string, unknown>;

/** A snapshot as stored (revision.content): an object, or an empty one when unreadable. */
export function parseSnapshot(content: string | undefined): RevisionSnapshot {
  if (!content) return {};
  try {
    const value = JSON.parse(content) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as RevisionSnapshot) : {};
  } catch {
    return {};
  }
}
