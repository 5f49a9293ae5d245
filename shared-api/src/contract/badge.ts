import { Type, type Static } from 'typebox';
import { Id, Page } from './envelope';
import { Paging } from './paging';
import { UserBasicInfo } from './user';

// Badges: the catalogue, one badge with its recipients, a member's awards, and the admin switch.

/** 1 bronze, 2 silver, 3 gold. */
export const BadgeLevel = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type BadgeLevel = Static<typeof BadgeLevel>;

export const BadgeSummary = Type.Object({
  id: Type.String(),
  /** Translated name. */
  name: Type.String(),
  /** An icon name from the design system's badge icons (e.g. `trophy`), or an image URL. */
  icon: Type.String(),
  /** How many members earned it (distinct). */
  award_count: Type.Integer(),
  /** How many times the viewer earned it (0 when anonymous). */
  earned_count: Type.Integer(),
  level: BadgeLevel,
});
export type BadgeSummary = Static<typeof BadgeSummary>;

/** GET badges (pub): active badges by group. */
export const BadgeGroupList = Type.Array(Type.Object({ group_name: Type.String(), badges: Type.Array(BadgeSummary) }));
export type BadgeGroupList = Static<typeof BadgeGroupList>;

export const BadgeQuery = Type.Object({ id: Id });
export type BadgeQuery = Static<typeof BadgeQuery>;

/** GET badge (pub): one active badge. */
export const BadgeDetail = Type.Object({
  ...BadgeSummary.properties,
  /** Translated: what earns it. */
  description: Type.String(),
  /** Earned once per member (true) or once per post (false, e.g. a question score). */
  is_single: Type.Boolean(),
});
export type BadgeDetail = Static<typeof BadgeDetail>;

/** GET badge/awards/page (pub): recent recipients, newest first; `username` narrows to one member. */
export const BadgeAwardsQuery = Type.Object({
  ...Paging(),
  badge_id: Id,
  username: Type.Optional(Type.String({ maxLength: 100 })),
});
export type BadgeAwardsQuery = Static<typeof BadgeAwardsQuery>;

export const BadgeAwardItem = Type.Object({
  /** Unix seconds. */
  created_at: Type.Integer(),
  /** The post that earned it ('' for a member-wide badge). */
  object_id: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  comment_id: Type.String(),
  object_type: Type.String(),
  url_title: Type.String(),
  author_user_info: UserBasicInfo,
});
export type BadgeAwardItem = Static<typeof BadgeAwardItem>;
export const BadgeAwardPage = Page(BadgeAwardItem);
export type BadgeAwardPage = Static<typeof BadgeAwardPage>;

/** GET badge/user/awards and badge/user/awards/recent (pub). */
export const UserBadgesQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export type UserBadgesQuery = Static<typeof UserBadgesQuery>;
export const UserBadge = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  /** How many times this member earned it. */
  earned_count: Type.Integer(),
  level: BadgeLevel,
});
export type UserBadge = Static<typeof UserBadge>;
/** badge/user/awards: every badge the member holds; /recent: the latest 10. */
export const UserBadgePage = Page(UserBadge);
export type UserBadgePage = Static<typeof UserBadgePage>;

/** GET /answer/admin/api/badges. */
export const AdminBadgesQuery = Type.Object({
  ...Paging(),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  /** A fragment of the translated name. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AdminBadgesQuery = Static<typeof AdminBadgesQuery>;
export const AdminBadgeItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  award_count: Type.Integer(),
  level: BadgeLevel,
  group_name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
});
export type AdminBadgeItem = Static<typeof AdminBadgeItem>;
export const AdminBadgePage = Page(AdminBadgeItem);
export type AdminBadgePage = Static<typeof AdminBadgePage>;

/** PUT /answer/admin/api/badge/status. An inactive badge is no longer awarded nor listed; awards stay. */
export const AdminBadgeStatusBody = Type.Object(
  { id: Id, status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]) },
  { additionalProperties: false },
);
export type AdminBadgeStatusBody = Static<typeof AdminBadgeStatusBody>;
