import type { Insertable } from 'kysely';
import type { UploadTable, UserRow } from '../../db/schema';

/** The user columns lists need (e_mail only for the Gravatar hash; it never leaves the server). */
export const LIST_USER_COLUMNS = [
  'user.id',
  'user.username',
  'user.rank',
  'user.display_name',
  'user.avatar',
  'user.e_mail',
  'user.website',
  'user.location',
  'user.language',
  'user.status',
  'user.mail_status',
  'user.suspended_until',
] as const;
export type ListUserRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'rank'
  | 'display_name'
  | 'avatar'
  | 'e_mail'
  | 'website'
  | 'location'
  | 'language'
  | 'status'
  | 'mail_status'
  | 'suspended_until'
>;

/** The columns of the user row a member may change in their settings. */
export type ProfileChanges = Partial<
  Pick<UserRow, 'display_name' | 'username' | 'username_key' | 'avatar' | 'bio' | 'bio_html' | 'website' | 'location'>
>;

export type NewUploadRow = Insertable<UploadTable>;

/** The notification sources a member switches mails on or off for (user_notification_config.source). */
export const NOTIFICATION_SOURCES = [
  'inbox',
  'all_new_question',
  'all_new_question_for_following_tags',
  'weekly_digest',
] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

/** The voter's own vote activities (activity types, by config key). */
export const VOTE_KEYS = [
  'question.vote_up',
  'question.vote_down',
  'answer.vote_up',
  'answer.vote_down',
  'comment.vote_up',
] as const;
