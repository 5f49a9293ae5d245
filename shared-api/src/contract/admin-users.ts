import { Type, type Static } from 'typebox';
import { Id, Page } from './envelope';
import { Paging } from './paging';
import { RoleId } from './user';

// The admin API's user management (/answer/admin/api, administrators only). An administrator never
// changes their own status, role or password through these routes (403 with a reason).

/** The statuses an administrator filters by and sets. */
export const AdminUserStatus = Type.Union([
  Type.Literal('normal'),
  Type.Literal('suspended'),
  Type.Literal('deleted'),
  Type.Literal('inactive'),
]);
export type AdminUserStatus = Static<typeof AdminUserStatus>;

/** GET users/page: `query` matches name, username or e-mail; `staff` keeps administrators and moderators. */
export const AdminUsersQuery = Type.Object({
  ...Paging(),
  query: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(AdminUserStatus),
  staff: Type.Optional(Type.Boolean()),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

/** One row of users/page. Times are Unix seconds; 0 when the event never happened. */
export const AdminUserItem = Type.Object({
  user_id: Type.String(),
  created_at: Type.Integer(),
  deleted_at: Type.Integer(),
  suspended_at: Type.Integer(),
  suspended_until: Type.Integer(),
  username: Type.String(),
  e_mail: Type.String(),
  rank: Type.Integer(),
  status: AdminUserStatus,
  display_name: Type.String(),
  avatar: Type.String(),
  role_id: RoleId,
  /** Translated role name (Accept-Language). */
  role_name: Type.String(),
});
export type AdminUserItem = Static<typeof AdminUserItem>;
export const AdminUserPage = Page(AdminUserItem);
export type AdminUserPage = Static<typeof AdminUserPage>;

/** How long a suspension lasts; `forever` means until 2099-12-31. */
export const SuspendDuration = Type.Union([
  Type.Literal('24h'),
  Type.Literal('48h'),
  Type.Literal('72h'),
  Type.Literal('7d'),
  Type.Literal('14d'),
  Type.Literal('1m'),
  Type.Literal('2m'),
  Type.Literal('3m'),
  Type.Literal('6m'),
  Type.Literal('1y'),
  Type.Literal('forever'),
]);
export type SuspendDuration = '24h' | '48h' | '72h' | '7d' | '14d' | '1m' | '2m' | '3m' | '6m' | '1y' | 'forever';

/** PUT user/status. `suspend_duration` only with `suspended` (default forever); `remove_all_content` with `deleted`. */
export const AdminUserStatusBody = Type.Object({
  user_id: Id,
  status: AdminUserStatus,
  suspend_duration: Type.Optional(SuspendDuration),
  remove_all_content: Type.Optional(Type.Boolean()),
});
export type AdminUserStatusBody = Static<typeof AdminUserStatusBody>;

/** PUT user/role. */
export const AdminUserRoleBody = Type.Object({ user_id: Id, role_id: RoleId });
export type AdminUserRoleBody = Static<typeof AdminUserRoleBody>;

/** POST user: an activated member. The server checks lengths with its own field reasons. */
export const AdminAddUserBody = Type.Object({
  display_name: Type.String({ maxLength: 100 }),
  email: Type.String({ maxLength: 500 }),
  password: Type.String({ maxLength: 100 }),
});
export type AdminAddUserBody = Static<typeof AdminAddUserBody>;

/** The most lines POST users takes. */
export const BULK_USERS_MAX = 5000;

/**
 * POST users: one `display_name,email,password` per line. Every line is checked before any account is
 * made; a failure is a field error on `users` whose message names the line (all or nothing).
 */
export const AdminAddUsersBody = Type.Object({ users: Type.String({ maxLength: 2_000_000 }) });
export type AdminAddUsersBody = Static<typeof AdminAddUsersBody>;

/** PUT user/password: that member is logged out everywhere. */
export const AdminUserPasswordBody = Type.Object({ user_id: Id, password: Type.String({ maxLength: 100 }) });
export type AdminUserPasswordBody = Static<typeof AdminUserPasswordBody>;

/** PUT user/profile. */
export const AdminUserProfileBody = Type.Object({
  user_id: Id,
  display_name: Type.String({ maxLength: 100 }),
  username: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.String({ maxLength: 500 }),
});
export type AdminUserProfileBody = Static<typeof AdminUserProfileBody>;

/** GET user/activation query and POST user/activation body (resend the mail). */
export const AdminUserIdQuery = Type.Object({ user_id: Id });
export type AdminUserIdQuery = Static<typeof AdminUserIdQuery>;
export const AdminActivationUrl = Type.Object({ activation_url: Type.String() });
export type AdminActivationUrl = Static<typeof AdminActivationUrl>;

/** DELETE delete/permanently: purges the soft-deleted rows of one kind. */
export const DeletePermanentlyBody = Type.Object({
  type: Type.Union([Type.Literal('users'), Type.Literal('questions'), Type.Literal('answers')]),
});
export type DeletePermanentlyBody = Static<typeof DeletePermanentlyBody>;

/** GET roles: the names translated per Accept-Language. */
export const RoleItem = Type.Object({ id: RoleId, name: Type.String(), description: Type.String() });
export const RoleList = Type.Array(RoleItem);
export type RoleList = Static<typeof RoleList>;

/**
 * Our addition, GET user/overview?user_id: the user overview screen (/admin/users/{user_id}): the
 * list row plus the profile extras. `last_seen_at` is 0 when never seen.
 */
export const AdminUserOverview = Type.Object({
  ...AdminUserItem.properties,
  last_seen_at: Type.Integer(),
  visit_days: Type.Integer(),
  mail_status: Type.Integer(),
  question_count: Type.Integer(),
  answer_count: Type.Integer(),
  /** The URL of the member's public profile page. */
  profile_url: Type.String(),
});
export type AdminUserOverview = Static<typeof AdminUserOverview>;

/**
 * Our addition, GET user/actions?user_id&page: the member's action log, newest first: what they did
 * (asked, answered, edited, voted, flagged...) and what staff did to their account (status and role
 * changes, password set by an administrator).
 */
export const AdminUserActionsQuery = Type.Object({ user_id: Id, ...Paging() });
export type AdminUserActionsQuery = Static<typeof AdminUserActionsQuery>;
export const AdminUserAction = Type.Object({
  id: Type.String(),
  /** An activity key (`question.asked`, `answer.answered`, `user.suspended`, `user.role_changed`...). */
  action: Type.String(),
  /** `question`, `answer`, `comment`, `tag` or `user`. */
  object_type: Type.String(),
  object_id: Type.String(),
  /** The question title or tag name the action touched; empty for account actions. */
  title: Type.String(),
  /** A site path to the object, or empty when it cannot be opened (deleted). */
  url: Type.String(),
  /** Who acted, when it is not the member (staff actions on the account). */
  operator: Type.Optional(Type.Object({ username: Type.String(), display_name: Type.String() })),
  created_at: Type.Integer(),
});
export type AdminUserAction = Static<typeof AdminUserAction>;
export const AdminUserActionPage = Page(AdminUserAction);
export type AdminUserActionPage = Static<typeof AdminUserActionPage>;
