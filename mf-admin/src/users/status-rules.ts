import type { AdminUserStatus, SuspendDuration } from '@agora/shared-api/contract';

/** Every status, in the order the dialog offers them. */
export const STATUSES: AdminUserStatus[] = ['normal', 'suspended', 'deleted', 'inactive'];

/**
 * The statuses an administrator may give a member (docs/product-rules.md, "Account states"): an
 * inactive account cannot go straight to suspended or deleted, a suspended one cannot go back to
 * inactive, and a deleted one is gone for good (nothing is offered). The current status stays in the
 * list: choosing it changes nothing and sends nothing.
 */
export function statusChoices(current: AdminUserStatus): AdminUserStatus[] {
  if (current === 'deleted') return [];
  if (current === 'inactive') return STATUSES.filter((s) => s !== 'suspended' && s !== 'deleted');
  if (current === 'suspended') return STATUSES.filter((s) => s !== 'inactive');
  return STATUSES;
}

export const SUSPEND_DURATIONS: SuspendDuration[] = [
  '24h',
  '48h',
  '72h',
  '7d',
  '14d',
  '1m',
  '2m',
  '3m',
  '6m',
  '1y',
  'forever',
];
