import type { AuditAction, AuditDetail, AuditTargetType } from '@agora/shared-api/contract';

// The audit log's own shapes and limits.

/** What an entry is about, named as it is when the change is made. */
export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  name: string;
}

/** One change to write; the recorder adds who, from where and when. */
export interface AuditEntry {
  action: AuditAction;
  target?: AuditTarget;
  detail?: AuditDetail;
}

/** Bulk additions and purges list this many names at most; `count` says how many there were. */
export const AUDIT_NAMES_MAX = 20;
/** Column widths (migration 20261128090000_admin_audit): longer names are cut. */
export const TARGET_ID_MAX = 100;
export const TARGET_NAME_MAX = 255;
export const ACTOR_NAME_MAX = 100;
export const IP_MAX = 64;
export const DEFAULT_PAGE_SIZE = 20;

/** The names of the top-level fields whose values differ (compared as JSON), in the order of `after`. */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(now), ...Object.keys(old)])];
  return keys.filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]));
}

/** A bounded list of names for a detail: the first AUDIT_NAMES_MAX. */
export function someNames(names: readonly string[]): string[] {
  return names.slice(0, AUDIT_NAMES_MAX);
}

/** Cuts a text to `max` characters (whole code points). */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}
