import { Type, type Static } from 'typebox';
import { Page } from './envelope';
import { Paging } from './paging';

// The audit log of administrative changes (GET /answer/admin/api/audit/page, administrators only):
// who changed what, when and from which client address. Entries outlive the accounts and posts they name.

/** Every kind of entry, by its stable key. */
export const AUDIT_ACTIONS = [
  'settings.saved',
  'user.added',
  'user.bulk_added',
  'user.status_changed',
  'user.role_changed',
  'user.password_set',
  'user.profile_edited',
  'user.activation_sent',
  'user.activation_link',
  'content.purged',
  'question.status_changed',
  'answer.status_changed',
  'plugin.status_changed',
  'badge.status_changed',
] as const;
export const AuditAction = Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action)));
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = ['', 'settings', 'user', 'purge', 'question', 'answer', 'plugin', 'badge'] as const;
export const AuditTargetType = Type.Union(AUDIT_TARGET_TYPES.map((type) => Type.Literal(type)));
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * What changed, never a value that could be a secret: for settings and profiles the names of the fields
 * that changed; for a status, role or switch the old and new one; for bulk additions and purges how many
 * and (the first few) names.
 */
export const AuditDetail = Type.Object({
  fields: Type.Optional(Type.Array(Type.String())),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
  names: Type.Optional(Type.Array(Type.String())),
  /** A suspension's end, Unix seconds. */
  until: Type.Optional(Type.Integer()),
  /** What the change came with, e.g. `remove_all_content` for a deletion. */
  options: Type.Optional(Type.Array(Type.String())),
});
export type AuditDetail = Static<typeof AuditDetail>;

/** GET audit/page: newest first; `action` keeps one kind, `actor` one administrator (user id or username). */
export const AdminAuditQuery = Type.Object({
  ...Paging(),
  action: Type.Optional(AuditAction),
  actor: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AdminAuditQuery = Static<typeof AdminAuditQuery>;

export const AdminAuditItem = Type.Object({
  id: Type.String(),
  /** Unix seconds. */
  created_at: Type.Integer(),
  /** One of AUDIT_ACTIONS (entries written by a newer version may carry a key this one does not know). */
  action: Type.String(),
  actor: Type.Object({
    user_id: Type.String(),
    /** The username when the change was made. */
    name: Type.String(),
    /** False once the account was purged. */
    exists: Type.Boolean(),
  }),
  target: Type.Object({
    /** One of AUDIT_TARGET_TYPES. */
    type: Type.String(),
    /** A settings group, user id, post id, plugin slug or badge id ('' when the entry has none). */
    id: Type.String(),
    /** The name when the change was made (username, post title, plugin or badge name). */
    name: Type.String(),
  }),
  detail: AuditDetail,
  /** The client address the request came from. */
  ip: Type.String(),
});
export type AdminAuditItem = Static<typeof AdminAuditItem>;
export const AdminAuditPage = Page(AdminAuditItem);
export type AdminAuditPage = Static<typeof AdminAuditPage>;
