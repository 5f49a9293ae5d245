import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types: the shape the migrations create, as Kysely sees it. Portable rules (STYLE 26):
 * - ids are made by the app (see ids.ts); plain ids are integers, Answer-format object ids (17
 *   digits, above 2^53) will be stored as strings so they never pass through a JS number;
 * - times are Unix milliseconds in BIGINT columns (the wire uses seconds: divide);
 * - flags are SMALLINT or nullable timestamps, never booleans (SQLite and MySQL have none);
 * - every integer, BIGINT included, reaches JS as a number (database.ts sets the drivers up so).
 */

/** A column with a database default: optional on insert. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** answer-api.md §5 `user`, with Answer's user_role_rel folded into `role_id`. */
export interface UserTable {
  id: number;
  username: string;
  /** Uniqueness key of the username: NFKC, lower case, invisible characters removed. */
  username_key: string;
  e_mail: string;
  /** Uniqueness and lookup key of the e-mail address: trimmed, lower case. */
  e_mail_key: string;
  /** argon2id PHC string; '' when the account has no password (external login). */
  pass: string;
  /** 1 verified, 2 to be verified. */
  mail_status: WithDefault<number>;
  notice_status: WithDefault<number>;
  follow_count: WithDefault<number>;
  answer_count: WithDefault<number>;
  question_count: WithDefault<number>;
  rank: WithDefault<number>;
  authority_group: WithDefault<number>;
  display_name: string;
  /** JSON AvatarInfo ({type, gravatar, custom}); '' = the site default. */
  avatar: string;
  mobile: WithDefault<string>;
  bio: string;
  bio_html: string;
  website: WithDefault<string>;
  location: WithDefault<string>;
  ip_info: WithDefault<string>;
  /** A language value, or 'Default' (follow the site's interface language). */
  language: WithDefault<string>;
  color_scheme: WithDefault<string>;
  /** 1 user, 2 admin, 3 moderator. */
  role_id: WithDefault<number>;
  /** 1 available, 9 suspended, 10 deleted. */
  status: WithDefault<number>;
  suspended_at: ColumnType<number | null, number | null | undefined, number | null>;
  suspended_until: ColumnType<number | null, number | null | undefined, number | null>;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  last_login_date: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

/** Login sessions. Only the SHA-256 of a token is stored; the token itself exists only on the client. */
export interface SessionTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  user_id: number;
  created_at: number;
  /** Absolute end of the session. */
  expires_at: number;
  /** Last time the session was used (for "my logins" and idle limits). */
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the session was ended (logout, password change, suspension). */
  revoked_at: ColumnType<number | null, number | null | undefined, number | null>;
  ip: WithDefault<string>;
  user_agent: WithDefault<string>;
}

/** Answer's `config` table: fixed ids (activity types refer to them), unique keys, JSON-or-number text values. */
export interface ConfigTable {
  id: number;
  key: string;
  value: string;
}

/** Answer's `site_info`: one JSON document per settings group. */
export interface SiteInfoTable {
  type: string;
  content: string;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** Answer's `uniqid`: which object type each allocated object id was for. */
export interface UniqidTable {
  id: number;
  uniqid_type: number;
}

/** Counters the app allocates ids from (see ids.ts). */
export interface IdSequenceTable {
  name: string;
  value: number;
}

/** A nullable column: optional on insert (NULL). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * Q&A core (migration 20261121070000_qa_core; answer-api.md §3 and §5). Object ids (17 digits) are
 * strings; plain ids (users, activities, revisions, ...) are numbers. Where Answer writes 0 or "0"
 * for "none", the column is NULL here. Times are Unix ms.
 */

/** question.status: 1 available, 2 closed, 10 deleted, 11 pending; pin 1/2 (pinned); show 1 listed / 2 unlisted. */
export interface QuestionTable {
  id: string;
  user_id: number;
  /** JSON array of invited user ids (strings), or NULL. */
  invite_user_id: Nullable<string>;
  last_edit_user_id: Nullable<number>;
  title: string;
  original_text: string;
  parsed_text: string;
  pin: WithDefault<number>;
  show: WithDefault<number>;
  status: WithDefault<number>;
  view_count: WithDefault<number>;
  unique_view_count: WithDefault<number>;
  /** Up votes minus down votes. */
  vote_count: WithDefault<number>;
  /** Available (status 1) answers. */
  answer_count: WithDefault<number>;
  /** Bookmarks. */
  collection_count: WithDefault<number>;
  follow_count: WithDefault<number>;
  /** ceil(score * 10000) of answer-api.md §7's hot formula. */
  hot_score: WithDefault<number>;
  accepted_answer_id: Nullable<string>;
  last_answer_id: Nullable<string>;
  /** Last activity on the question (asked, answered, edited): the "active" order. */
  post_update_time: number;
  revision_id: Nullable<number>;
  /** Available question_link rows pointing at this question. */
  linked_count: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** answer.status: 1 available, 10 deleted, 11 pending; adopted: 1 no, 2 accepted. */
export interface AnswerTable {
  id: string;
  question_id: string;
  user_id: number;
  last_edit_user_id: Nullable<number>;
  original_text: string;
  parsed_text: string;
  status: WithDefault<number>;
  adopted: WithDefault<number>;
  /** Available comments on this answer. */
  comment_count: WithDefault<number>;
  vote_count: WithDefault<number>;
  revision_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** comment.status: 1 available, 10 deleted, 11 pending. `object_id` is the question or answer commented on. */
export interface CommentTable {
  id: string;
  user_id: number;
  reply_user_id: Nullable<number>;
  reply_comment_id: Nullable<string>;
  object_id: string;
  question_id: string;
  /** Active comment.vote_up activities. */
  vote_count: WithDefault<number>;
  status: WithDefault<number>;
  original_text: string;
  parsed_text: string;
  created_at: number;
  updated_at: number;
}

/** tag.status: 1 available, 10 deleted. A synonym has main_tag_id/main_tag_slug_name of its main tag. */
export interface TagTable {
  id: string;
  main_tag_id: Nullable<string>;
  /** '' for a main tag. */
  main_tag_slug_name: WithDefault<string>;
  /** Unique; lower case (the app folds it). */
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  follow_count: WithDefault<number>;
  /** Available (status 1) tag_rel rows. */
  question_count: WithDefault<number>;
  status: WithDefault<number>;
  /** 0 no, 1 yes (Answer's bool). */
  recommend: WithDefault<number>;
  /** 0 no, 1 yes: only moderators and admins may use it. */
  reserved: WithDefault<number>;
  revision_id: Nullable<number>;
  /** Who created it. */
  user_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** tag_rel.status: 1 available, 2 hidden (the question is unlisted), 10 deleted. `object_id` is a question id. */
export interface TagRelTable {
  id: number;
  object_id: string;
  tag_id: string;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/**
 * Reputation events, votes and follows. `activity_type` is a config row id (answer-api.md §4.1). A
 * vote is two rows: the voter's (user_id = voter, trigger_user_id 0, e.g. question.vote_up) and the
 * author's (user_id = author, trigger_user_id = voter, e.g. question.voted_up). `rank` is the change
 * actually applied (after the daily cap and the floor of 1); has_rank 1 when it is not 0.
 */
export interface ActivityTable {
  id: number;
  user_id: number;
  trigger_user_id: WithDefault<number>;
  object_id: string;
  original_object_id: string;
  activity_type: number;
  /** 0 active, 1 cancelled. */
  cancelled: WithDefault<number>;
  cancelled_at: Nullable<number>;
  rank: WithDefault<number>;
  has_rank: WithDefault<number>;
  revision_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** revision.status: 0 normal, 1 unreviewed (suggested edit), 2 approved, 3 rejected; object_type 1/2/3. */
export interface RevisionTable {
  id: number;
  user_id: number;
  object_type: number;
  object_id: string;
  title: WithDefault<string>;
  /** JSON snapshot: question {title, original_text, tags[]}, answer {question_id, original_text}, tag {slug_name, display_name, original_text}. */
  content: string;
  /** The edit summary. */
  log: WithDefault<string>;
  status: WithDefault<number>;
  review_user_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** A bookmark (object id of type 6). */
export interface CollectionTable {
  id: string;
  user_id: number;
  object_id: string;
  user_collection_group_id: number;
  created_at: number;
  updated_at: number;
}

/** default_group: 1 the user's default group, 2 made by the user. */
export interface CollectionGroupTable {
  id: number;
  user_id: number;
  name: string;
  default_group: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** Keys: question.close.reason ({close_type, close_msg}), *.edit.summary, object.react.summary. */
export interface MetaTable {
  id: number;
  object_id: string;
  key: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** status: 1 available, 2 deleted. */
export interface QuestionLinkTable {
  id: number;
  from_question_id: string;
  from_answer_id: Nullable<string>;
  to_question_id: string;
  to_answer_id: Nullable<string>;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** type 1 inbox, 2 achievement; msg_type 1 posts, 2 votes, 3 invites; is_read 1 unread, 2 read; status 1 normal, 10 deleted. */
export interface NotificationTable {
  id: number;
  user_id: number;
  object_id: string;
  /** JSON: {trigger_user_id, notification_action, rank, object_info: {title, object_id, object_type, object_map}}. */
  content: string;
  type: number;
  msg_type: WithDefault<number>;
  is_read: WithDefault<number>;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
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
 * Outgoing mail (issue 4): rendered at enqueue time, sent by the mail worker (modules/mail). A worker
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
}

/**
 * E-mailed account tokens (migration 20261122090100_account_tokens): only the hex SHA-256 of the
 * code is kept. kind: activation | email_change | password_reset | unsubscribe. A token is live
 * while used_at and revoked_at are NULL and expires_at is ahead (Unix ms).
 */
export interface AccountTokenTable {
  token_hash: string;
  user_id: number;
  kind: string;
  /** The address an e-mail change token confirms. */
  new_email: Nullable<string>;
  created_at: number;
  expires_at: number;
  used_at: Nullable<number>;
  /** Superseded by a newer token, or revoked by a password or e-mail change. */
  revoked_at: Nullable<number>;
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

/** A post upload a question or answer references (migration 20261122100000_upload_links, checklist U7). */
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

export interface DB {
  user: UserTable;
  session: SessionTable;
  config: ConfigTable;
  site_info: SiteInfoTable;
  uniqid: UniqidTable;
  id_sequence: IdSequenceTable;
  question: QuestionTable;
  answer: AnswerTable;
  comment: CommentTable;
  tag: TagTable;
  tag_rel: TagRelTable;
  activity: ActivityTable;
  revision: RevisionTable;
  collection: CollectionTable;
  collection_group: CollectionGroupTable;
  meta: MetaTable;
  question_link: QuestionLinkTable;
  notification: NotificationTable;
  report: ReportTable;
  user_notification_config: UserNotificationConfigTable;
  // --- mail (issue 4): add the outbox table(s) here ---
  mail_outbox: MailOutboxTable;
  // --- account tokens (issue 4): add the e-mailed token table here ---
  account_token: AccountTokenTable;
  // --- captcha (issue 4): add the captcha / action record table(s) here ---
  captcha_action_record: CaptchaActionRecordTable;
  captcha: CaptchaTable;
  rate_counter: RateCounterTable;
  // --- profile (issue 4): add upload/avatar table(s) here ---
  upload: UploadTable;
  upload_link: UploadLinkTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type AccountTokenRow = Selectable<AccountTokenTable>;
export type QuestionRow = Selectable<QuestionTable>;
export type AnswerRow = Selectable<AnswerTable>;
export type CommentRow = Selectable<CommentTable>;
export type TagRow = Selectable<TagTable>;
export type ActivityRow = Selectable<ActivityTable>;
