import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types: the shape the migrations create, as Kysely sees it, one file per area under schema/.
 * Rules that keep them portable across SQLite, PostgreSQL and MariaDB:
 * - ids are made by the app (see ids.ts); plain ids are integers, Answer-format object ids (17
 *   digits, above 2^53) will be stored as strings so they never pass through a JS number;
 * - times are Unix milliseconds in BIGINT columns (the wire uses seconds: divide);
 * - flags are SMALLINT or nullable timestamps, never booleans (SQLite and MySQL have none);
 * - every integer, BIGINT included, reaches JS as a number (database.ts sets the drivers up so).
 */

import type {
  AccountTokenTable,
  ConfigTable,
  IdSequenceTable,
  SessionTable,
  SiteInfoTable,
  UniqidTable,
  UserTable,
} from './schema/accounts';
import type {
  ActivityTable,
  AnswerTable,
  CollectionGroupTable,
  CollectionTable,
  CommentTable,
  MetaTable,
  QuestionLinkTable,
  QuestionTable,
  RevisionTable,
  TagRelTable,
  TagTable,
} from './schema/posts';
import type {
  CaptchaActionRecordTable,
  CaptchaTable,
  MailOutboxTable,
  NotificationTable,
  RateCounterTable,
  ReportTable,
  ReviewTable,
  PostDeletionTable,
  UploadLinkTable,
  UploadTable,
  UserNotificationConfigTable,
} from './schema/services';
import type { JobLeaseTable, NotifyDigestTable, NotifyQuestionMailTable } from './schema/notify';
import type { NotificationSeenTable } from './schema/notifications';
import type { BadgeAwardTable, BadgeGroupTable, BadgeTable } from './schema/badges';
import type { AdminAuditTable } from './schema/audit';
import type { JobFailureTable, JobTable } from './schema/jobs';

export type * from './schema/accounts';
export type * from './schema/audit';
export type * from './schema/badges';
export type * from './schema/jobs';
export type * from './schema/notify';
export type * from './schema/posts';
export type * from './schema/services';
export type * from './schema/notifications';

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
  notification_seen: NotificationSeenTable;
  report: ReportTable;
  review: ReviewTable;
  post_deletion: PostDeletionTable;
  user_notification_config: UserNotificationConfigTable;
  mail_outbox: MailOutboxTable;
  account_token: AccountTokenTable;
  captcha_action_record: CaptchaActionRecordTable;
  captcha: CaptchaTable;
  rate_counter: RateCounterTable;
  upload: UploadTable;
  upload_link: UploadLinkTable;
  notify_question_mail: NotifyQuestionMailTable;
  notify_digest: NotifyDigestTable;
  job_lease: JobLeaseTable;
  badge: BadgeTable;
  badge_group: BadgeGroupTable;
  badge_award: BadgeAwardTable;
  admin_audit: AdminAuditTable;
  job: JobTable;
  job_failure: JobFailureTable;
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
