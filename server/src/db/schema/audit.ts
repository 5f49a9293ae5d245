/** The audit log of administrative changes (migration 20261128090000_admin_audit). */

/**
 * One administrative change. No foreign keys: an entry names its actor and target by id and by the
 * name they had then, so it stays readable, and stays, when the account or post is purged.
 */
export interface AdminAuditTable {
  id: number;
  actor_id: number;
  /** The actor's username at the time. */
  actor_name: string;
  /** A stable key (shared-api AUDIT_ACTIONS), e.g. `settings.saved`. */
  action: string;
  /** `settings`, `user`, `purge`, `question`, `answer`, `plugin`, `badge`, or '' for none. */
  target_type: string;
  target_id: string;
  target_name: string;
  /** JSON (shared-api AuditDetail): field names, old and new status, counts; never a secret value. */
  detail: string;
  /** The client address of the request. */
  ip: string;
  /** Unix ms. */
  created_at: number;
}
