import type { Migration } from 'kysely';
import { initial } from './20261121060000_initial';
import { qaCore } from './20261121070000_qa_core';
import { questionListCounts } from './20261121080000_question_list_counts';
import { mailOutbox } from './20261122090000_mail_outbox';
import { accountTokens } from './20261122090100_account_tokens';
import { captcha } from './20261122090200_captcha';
import { profile } from './20261122090300_profile';
import { uploadLinks } from './20261122100000_upload_links';
import { searchIndex } from './20261123090000_search_index';
import { searchTags } from './20261124090000_search_tags';
import { rateCounters } from './20261126090000_rate_counters';
import { reviewQueue } from './20261126130000_review_queue';
import { adminUsers } from './20261126160000_admin_users';
import { notificationSeen } from './20261127090000_notification_seen';
import { badges } from './20261127090100_badges';
import { notificationMail } from './20261127090200_notification_mail';
import { notificationOnce } from './20261127090300_notification_once';
import { adminAudit } from './20261128090000_admin_audit';
import { duplicateSignups } from './20261128090100_duplicate_signups';
import { commentDeleted } from './20261129090000_comment_deleted';
import { jobs } from './20261129090100_jobs';

/**
 * Every migration, by name. Names start with a UTC timestamp (yyyymmddhhmmss) and sort in the order
 * they run. Add new files here; never rename or edit one that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '20261121060000_initial': initial,
  '20261121070000_qa_core': qaCore,
  '20261121080000_question_list_counts': questionListCounts,
  '20261122090000_mail_outbox': mailOutbox,
  '20261122090100_account_tokens': accountTokens,
  '20261122090200_captcha': captcha,
  '20261122090300_profile': profile,
  '20261122100000_upload_links': uploadLinks,
  '20261123090000_search_index': searchIndex,
  '20261124090000_search_tags': searchTags,
  '20261126090000_rate_counters': rateCounters,
  '20261126130000_review_queue': reviewQueue,
  '20261126160000_admin_users': adminUsers,
  '20261127090000_notification_seen': notificationSeen,
  '20261127090100_badges': badges,
  '20261127090200_notification_mail': notificationMail,
  '20261127090300_notification_once': notificationOnce,
  '20261128090000_admin_audit': adminAudit,
  '20261128090100_duplicate_signups': duplicateSignups,
  '20261129090000_comment_deleted': commentDeleted,
  '20261129090100_jobs': jobs,
};
