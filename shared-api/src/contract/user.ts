import { Type, type Static } from 'typebox';
import { BadgeAwardPopup } from './notification';

export const UserStatus = Type.Union([
  Type.Literal('normal'),
  Type.Literal('suspended'),
  Type.Literal('deleted'),
  Type.Literal('inactive'),
  Type.Literal('forbidden'),
]);
export type UserStatus = Static<typeof UserStatus>;

/** Role ids: 1 user, 2 admin, 3 moderator. */
export const RoleId = Type.Integer({ minimum: 1, maximum: 3 });

/** `/user/info` avatar is an object; elsewhere avatars are URL strings. */
export const AvatarInfo = Type.Object({
  type: Type.String(),
  gravatar: Type.Optional(Type.String()),
  custom: Type.Optional(Type.String()),
});

/** GET /answer/api/v1/user/info: the logged-in user, or null. */
export const CurrentUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  e_mail: Type.String(),
  avatar: Type.Union([Type.String(), AvatarInfo]),
  rank: Type.Integer(),
  bio: Type.String(),
  bio_html: Type.String(),
  website: Type.String(),
  location: Type.String(),
  language: Type.String(),
  color_scheme: Type.Optional(Type.String()),
  status: UserStatus,
  mail_status: Type.Integer(),
  role_id: RoleId,
  is_admin: Type.Optional(Type.Boolean()),
  have_password: Type.Boolean(),
  access_token: Type.Optional(Type.String()),
  suspended_until: Type.Optional(Type.Integer()),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** GET /answer/api/v1/notification/status. */
export const NotificationStatus = Type.Object({
  inbox: Type.Integer(),
  achievement: Type.Integer(),
  revision: Type.Integer(),
  can_revision: Type.Boolean(),
  /** A badge award not yet shown (the shell pops it once). */
  badge_award: Type.Union([Type.Null(), BadgeAwardPopup]),
});
export type NotificationStatus = Static<typeof NotificationStatus>;

/** Lists of a member (UserBasicInfo). */
export const UserBasicInfo = Type.Object({
  id: Type.String(),
  username: Type.String(),
  rank: Type.Integer(),
  display_name: Type.String(),
  avatar: Type.String(),
  website: Type.String(),
  location: Type.String(),
  language: Type.String(),
  status: UserStatus,
  suspended_until: Type.Integer(),
});
export type UserBasicInfo = Static<typeof UserBasicInfo>;
