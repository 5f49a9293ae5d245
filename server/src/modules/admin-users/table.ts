import type { AdminUserStatus, SuspendDuration } from '@agora/shared-api/contract';

/** Constants and shapes of the admin user management (docs/product-rules.md, "Managing users"). */

export interface AdminUserFilter {
  query?: string;
  status?: AdminUserStatus;
  staff?: boolean;
}

/** The activity keys of what an administrator does to an account (config rows 170-176). */
export const STAFF_ACTIONS = {
  suspended: 'user.suspended',
  normal: 'user.unsuspended',
  deleted: 'user.deleted',
  inactive: 'user.deactivated',
  role: 'user.role_changed',
  password: 'user.password_set',
  profile: 'user.profile_edited',
} as const;
export const STAFF_ACTION_KEYS: readonly string[] = Object.values(STAFF_ACTIONS);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long each suspension lasts (a month is 30 days, a year 365). */
export const SUSPEND_MS: Record<Exclude<SuspendDuration, 'forever'>, number> = {
  '24h': DAY,
  '48h': 2 * DAY,
  '72h': 3 * DAY,
  '7d': 7 * DAY,
  '14d': 14 * DAY,
  '1m': 30 * DAY,
  '2m': 60 * DAY,
  '3m': 90 * DAY,
  '6m': 180 * DAY,
  '1y': 365 * DAY,
};

/** A suspension "forever" lasts until 2099-12-31 23:59:59 UTC. */
export const SUSPENDED_FOREVER = Date.UTC(2099, 11, 31, 23, 59, 59);

/** When a suspension of this duration, starting now, ends (Unix ms). */
export function suspensionEnd(duration: SuspendDuration | undefined, now: number): number {
  if (!duration || duration === 'forever') return SUSPENDED_FOREVER;
  return now + SUSPEND_MS[duration];
}

/** Display names an administrator gives: 2 to 30 characters after trimming (the admin screen asks 3). */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 30;

/** Reason keys of this module (i18n/admin-users.*.json). */
export const REASONS = {
  self: 'error.admin_user.cannot_change_self',
  deletedFinal: 'error.admin_user.deleted_is_final',
  statusMove: 'error.admin_user.status_move_not_allowed',
  notInactive: 'error.admin_user.not_inactive',
  displayName: 'error.admin_user.display_name_length',
  bulkCount: 'error.admin_user.bulk_line_count',
  bulkFormat: 'error.admin_user.bulk_line_format',
  bulkDisplayName: 'error.admin_user.bulk_display_name',
  bulkEmail: 'error.admin_user.bulk_email_invalid',
  bulkEmailTaken: 'error.admin_user.bulk_email_taken',
  bulkEmailRepeated: 'error.admin_user.bulk_email_repeated',
  bulkPassword: 'error.admin_user.bulk_password',
} as const;

/** The background job kind of a bulk import of members (bulk-job.ts). */
export const BULK_ADD_JOB = 'users.bulk_add';
