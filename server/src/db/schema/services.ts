import type { ColumnType } from 'kysely';
import type { Nullable, WithDefault } from './columns';

/** Notifications, flags, mail, captchas, uploads and rate-limit counters. */

/** type 1 inbox, 2 achievement; msg_type 1 posts, 2 votes, 3 invites; is_read 1 unread, 2 read; status 1 normal, 10 deleted. */
export interface NotificationTable {
  id: number;
  user_id: number;
  object_id: string;
  /** What a once-per-person entry is about (`mention:<post id>`, `invite:<question id>`); unique per user. */
  once_key: Nullable<string>;
  /** JSON: {trigger_user_id, notification_action, rank, object_info: {title, object_id, object_type, object_map}}. */
  content: string;
  type: number;
  msg_type: WithDefault<number>;
  is_read: WithDefault<number>;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
  /** Inbox mail: NULL while waiting for the dispatcher, `done` once handled, `failed` (modules/notify-mail). */
  mail_state: Nullable<string>;
}

/** A flag. report_type is a reason config id; status 1 pending, 2 completed, 3 ignored, 10 deleted. */
export interface ReportTable {
  id: string;
  user_id: number;
  object_id: string;
  reported_user_id: number;
  /** Object type code (1 question, 2 answer, 7 comment). */
  object_type: number;
  report_type: number;
  content: string;
  flagged_type: Nullable<number>;
  flagged_content: Nullable<string>;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** A queued post's review task: status 1 pending, 2 approved, 3 rejected; object_type 1/2/7. */
export interface ReviewTable {
  id: number;
  user_id: number;
  object_id: string;
  object_type: number;
  reviewer_user_id: Nullable<number>;
  status: WithDefault<number>;
  reason: string;
  submitter: string;
  created_at: number;
  updated_at: number;
}

/** One deletion of an answered question or accepted answer (the repeat-deletion rule). */
export interface PostDeletionTable {
  id: number;
  user_id: number;
  object_id: string;
  deleted_by: number;
  created_at: number;
}

/** source: inbox, all_new_question, all_new_question_for_following_tags; channels JSON [{key, enable}]; enabled 0/1. */
export interface UserNotificationConfigTable {
  id: number;
  user_id: number;
  source: string;
  channels: string;
  enabled: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/**
 * Outgoing mail: rendered at enqueue time, sent by the mail worker (modules/mail). A worker
 * claims a row by setting `locked_until` (a lease) and `lock_token` where the lease is free.
 */
export interface MailOutboxTable {
  /** Random 32 hex characters. */
  id: string;
  to_address: string;
  /** The template the mail was rendered from (activation, password_reset, ...). */
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** pending, sent or failed (gave up after the last attempt). */
  status: string;
  attempts: WithDefault<number>;
  next_attempt_at: number;
  locked_until: ColumnType<number | null, number | null | undefined, number | null>;
  lock_token: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: WithDefault<string>;
  created_at: number;
  sent_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Extra headers (JSON object, sealed like the bodies), e.g. List-Unsubscribe; NULL for none. */
  headers: Nullable<string>;
}

/**
 * Captcha action records (migration 20261122090200_captcha): per (unit, action, UTC day) how often
 * the action happened and when last (Unix ms). unit: `ip:<address>` or `user:<id>`.
 */
export interface CaptchaActionRecordTable {
  unit: string;
  action: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  num: number;
  last_time: number;
  /** The row stops counting at this time (Unix ms) and may then be deleted. */
  expires_at: number;
}

/** Captchas handed out: hex SHA-256 of the id and of id + answer; single use, bound to `action`. */
export interface CaptchaTable {
  id_hash: string;
  answer_hash: string;
  action: string;
  /** Who asked for it (`ip:<address>` or `user:<id>`). */
  unit: string;
  created_at: number;
  expires_at: number;
}

/** A file a member uploaded (migration 20261122090300_profile). `path` is relative to <dataDir>/uploads. */
export interface UploadTable {
  id: string;
  user_id: number;
  /** avatar, post or branding. */
  source: string;
  path: string;
  mime: string;
  size: number;
  created_at: number;
}

/** A post upload a question or answer references (migration 20261122100000_upload_links): who may fetch it follows the post. */
export interface UploadLinkTable {
  upload_id: string;
  /** The question or answer id. */
  object_id: string;
  created_at: number;
}

/** Rate-limit counters in the database (no Redis configured): plugins/rate-limit-db.ts. */
export interface RateCounterTable {
  key: string;
  hits: number;
  ends_at: number;
}
