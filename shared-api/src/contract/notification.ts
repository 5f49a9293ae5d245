import { Type, type Static } from 'typebox';
import { Id, Page } from './envelope';
import { Paging } from './paging';

// Notifications (the inbox and achievements) and their unread dots.

/** The two lists: inbox (what others did on my posts) and achievement (reputation and badges). */
export const NotificationType = Type.Union([Type.Literal('inbox'), Type.Literal('achievement')]);
export type NotificationType = Static<typeof NotificationType>;

/** Inbox sub-types: votes hold votes only; invites the invitations to answer; posts everything else. */
export const InboxType = Type.Union([
  Type.Literal('all'),
  Type.Literal('posts'),
  Type.Literal('votes'),
  Type.Literal('invites'),
]);
export type InboxType = Static<typeof InboxType>;

/** GET notification/page (active): newest first (by the last change of an entry). */
export const NotificationPageQuery = Type.Object({
  ...Paging(),
  type: NotificationType,
  /** Inbox only; absent means all. */
  inbox_type: Type.Optional(InboxType),
});
export type NotificationPageQuery = Static<typeof NotificationPageQuery>;

/** Who caused an entry (absent for the site itself, e.g. reputation). A deleted account reads as `system`. */
export const NotificationUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  status: Type.String(),
});
export type NotificationUser = Static<typeof NotificationUser>;

export const NotificationObjectInfo = Type.Object({
  /** The question's title (a badge award: the badge's translated name). */
  title: Type.String(),
  object_id: Type.String(),
  /** question, answer, comment, or badge (an award). */
  object_type: Type.String(),
  /**
   * Where the entry leads: `{question, answer?, comment?}` ids (short ids under permalink 3 and 4), or
   * `{badge_id}` for an award.
   */
  object_map: Type.Record(Type.String(), Type.String()),
});
export type NotificationObjectInfo = Static<typeof NotificationObjectInfo>;

export const NotificationItem = Type.Object({
  id: Type.String(),
  user_info: Type.Optional(NotificationUser),
  object_info: NotificationObjectInfo,
  /** Reputation gained (positive) or lost (negative) on this post that day; 0 elsewhere. */
  rank: Type.Integer(),
  /** The `notification.action.*` key of what happened (e.g. `answer_the_question`). */
  notification_action_key: Type.String(),
  /** That action in the reader's language. */
  notification_action: Type.String(),
  /** Votes grouped on one post: how many up and down votes the entry stands for (our addition). */
  vote_up_count: Type.Optional(Type.Integer()),
  vote_down_count: Type.Optional(Type.Integer()),
  /** The reason given with a moderation action (close, delete, unlist), translated. */
  reason: Type.Optional(Type.String()),
  is_read: Type.Boolean(),
  /** Unix seconds of the entry's last change. */
  update_time: Type.Integer(),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const NotificationPage = Page(NotificationItem);
export type NotificationPage = Static<typeof NotificationPage>;

/** PUT notification/status and read/state/all: `{type}`. */
export const NotificationTypeBody = Type.Object({ type: NotificationType }, { additionalProperties: false });
export type NotificationTypeBody = Static<typeof NotificationTypeBody>;

/** PUT notification/read/state: one entry of the caller's own. */
export const NotificationReadBody = Type.Object({ id: Id }, { additionalProperties: false });
export type NotificationReadBody = Static<typeof NotificationReadBody>;

/** A badge award not yet shown: the shell pops it once, then marks the notification read. */
export const BadgeAwardPopup = Type.Object({
  notification_id: Type.String(),
  badge_id: Type.String(),
  /** Translated name. */
  name: Type.String(),
  icon: Type.String(),
  level: Type.Integer(),
});
export type BadgeAwardPopup = Static<typeof BadgeAwardPopup>;
