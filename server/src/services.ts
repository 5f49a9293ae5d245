import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DB } from './db/schema';
import { AccountsService } from './modules/accounts/service';
import { AdminContentService } from './modules/admin-content/service';
import { AuditLog } from './modules/audit/service';
import { AdminUserChanges, AdminUsersService } from './modules/admin-users/service';
import { queuedAnswers } from './modules/answer/queued';
import { ActivityService } from './modules/activity/service';
import { answerRevisions } from './modules/answer/revision-owner';
import { AnswerService } from './modules/answer/service';
import { DbAnswerViewerSource, type AnswerViewerSource } from './modules/answer/viewer';
import { CaptchaService, type CaptchaGate } from './modules/captcha/service';
import { CollectionService, type CollectionSource } from './modules/collection/service';
import { CommentService } from './modules/comment/service';
import { DashboardService } from './modules/dashboard/service';
import { UpdateChecker } from './modules/dashboard/update-check';
import { FollowService, type FollowSource } from './modules/follow/service';
import { Mailer, type MailLogger, type MailQueue } from './modules/mail/mailer';
import { newOutboxKey } from './lib/sealed';
import { NotifyMail } from './modules/notify-mail/service';
import { NotificationService } from './modules/notification/service';
import { DbPrivilegeSource, type PrivilegeSource } from './modules/permission/service';
import { JobRunner } from './modules/job/runner';
import { bulkAddJob } from './modules/admin-users/bulk-job';
import { badgeBackfillJob } from './modules/badge/backfill';
import { DbPluginStates, type PluginStateStore } from './modules/plugins/state';
import { ProfileService } from './modules/profile/service';
import { BadgeService } from './modules/badge/service';
import { QuestionOperationService } from './modules/question/operations';
import { loadPostUsers, QuestionPostService } from './modules/question/posts';
import { queuedQuestions } from './modules/question/queued';
import { questionRevisions } from './modules/question/revision-owner';
import { QuestionService, type QuestionSource } from './modules/question/service';
import { SimilarQuestionService } from './modules/question/similar';
import { DbReasonSource, type ReasonSource } from './modules/reasons/service';
import { ReportReviewService } from './modules/report/review';
import { ReportService } from './modules/report/service';
import { ReviewQueueService } from './modules/review/service';
import { RevisionRollback } from './modules/revisions/rollback';
import { ReviewingService } from './modules/reviewing/service';
import { applyAnswerRevision } from './modules/answer/revision-applier';
import { applyQuestionRevision } from './modules/question/revision-applier';
import { RevisionReview } from './modules/revisions/review';
import { applyTagRevision } from './modules/tag/revision-applier';
import { CrawlService } from './modules/crawl/service';
import { SearchService } from './modules/search/service';
import type { SessionStore } from './modules/session/store';
import type { SettingsStore } from './modules/settings/store';
import { PrivilegeLevels } from './modules/permission/levels';
import { PinnedSettingsStore } from './modules/site-info/pinned';
import { DbSettingsStore } from './modules/site-info/store';
import { tagRevisions } from './modules/tag/revision-owner';
import { TagService } from './modules/tag/service';
import { UploadAccess } from './modules/upload/access';
import type { UserStore } from './modules/user/service';
import { VoteService, type VoteSource } from './modules/vote/service';
import { DbCounters } from './plugins/rate-limit-db';
import type { Counters } from './plugins/rate-limit-store';

/** The outbox the app enqueues into; the site's own mailer also has a worker and takes the app's logger. */
export type SiteMailer = MailQueue & { setLogger?(log: MailLogger): void; start?(): void; stop?(): Promise<void> };

/** Every database-backed service of an installed site, built once over one database. */
export interface Services {
  settings: SettingsStore;
  accounts: AccountsService;
  sessions: SessionStore;
  users: UserStore;
  captcha: CaptchaGate;
  mailer: SiteMailer;
  /** E-mail notifications: the inbox and new-question mail dispatcher and the weekly digest. */
  notifyMail: NotifyMail;
  /** The inbox and achievement lists, read marks and unread dots. */
  notifications: NotificationService;
  reasons: ReasonSource;
  privileges: PrivilegeSource;
  /** The privilege level setting (setting/privileges), which writes what `privileges` reads. */
  privilegeLevels: PrivilegeLevels;
  questions: QuestionSource;
  posts: QuestionPostService;
  answers: AnswerService;
  answerViewer: AnswerViewerSource;
  operations: QuestionOperationService;
  votes: VoteSource;
  collections: CollectionSource;
  follows: FollowSource;
  comments: CommentService;
  reports: ReportService;
  reportReview: ReportReviewService;
  /** The queue of posts waiting for approval (status 11). */
  review: ReviewQueueService;
  /** Suggested edits as review tasks (GET revisions/unreviewed, PUT revisions/audit). */
  revisionReview: RevisionReview;
  /** The review tasks of a viewer (GET reviewing/type, the review badge of notification/status). */
  reviewing: ReviewingService;
  tags: TagService;
  search: SearchService;
  similar: SimilarQuestionService;
  profile: ProfileService;
  /** Timelines of questions, answers and tags. */
  activity: ActivityService;
  /** Rollbacks of revisions, applied by the module owning each object type. */
  rollback: RevisionRollback;
  uploadAccess: UploadAccess;
  /** Rate-limit counters shared by every process of the site and kept over restarts. */
  rateCounters: Counters;
  /** The admin's question, answer and flag lists and status changes. */
  adminContent: AdminContentService;
  /** The admin dashboard's figures (kept a minute). */
  dashboard: DashboardService;
  /** Plugins switched on and off by the administrator. */
  pluginStates: PluginStateStore;
  /** The admin user management: reads, new accounts, activation links, purges. */
  adminUsers: AdminUsersService;
  /** What an administrator changes on an account (status, role, password, profile). */
  adminUserChanges: AdminUserChanges;
  /** The badge catalogue, awards lists and the admin switch. */
  badges: BadgeService;
  /** The audit log of administrative changes (written by the admin routes, read by GET audit/page). */
  audit: AuditLog;
  /** Background jobs (bulk member imports, badge backfills) and their progress. */
  jobs: JobRunner;
  /** What crawlers and feed readers fetch: sitemaps (kept built per process) and feed authors. */
  crawl: CrawlService;
}

/**
 * What a caller may swap: any one service (a failing mailer, fake sessions), the clock every service
 * reads (Unix ms), and the key that seals mail bodies in the outbox (the config file's `outbox_key`).
 */
export type ServiceOverrides = Partial<Services> & {
  now?: () => number;
  outboxKey?: string;
};

/**
 * Builds every service of an installed site over `db`, each once, in dependency order: what a service
 * needs (settings, posts) is the overridden one when the caller swapped it. The site (site.ts) and the
 * test helpers build through here, so tests run the graph production runs.
 */
export function createServices(db: Kysely<DB>, config: ServerConfig, overrides: ServiceOverrides = {}): Services {
  const { now, outboxKey, ...swapped } = overrides;
  const clock = now ? { now } : {};
  // One key for everything this site queues (without one from the config file: a key of these services alone).
  const key = outboxKey ?? newOutboxKey();
  const settings =
    swapped.settings ??
    (Object.keys(config.site).length
      ? new PinnedSettingsStore(new DbSettingsStore(db), config.site)
      : new DbSettingsStore(db));
  const accounts = swapped.accounts ?? new AccountsService(db, clock);
  // Posts read the write settings (min_tags, min_content, required_tag, restrict_answer) from the same store.
  const posts = swapped.posts ?? new QuestionPostService(db, { ...clock, settings });
  const reasons = swapped.reasons ?? new DbReasonSource(db);
  const answers = swapped.answers ?? new AnswerService(db, posts, clock);
  const operations = swapped.operations ?? new QuestionOperationService(db, posts, clock);
  // New comments ask the same queue rule as questions and answers.
  const comments = swapped.comments ?? new CommentService(db, { ...clock, queue: posts.queue });
  const sources = { question: queuedQuestions(db), answer: queuedAnswers(db), comment: comments.queued };
  const users = (ids: number[]) => loadPostUsers(db, ids);
  const appliers = { question: applyQuestionRevision, answer: applyAnswerRevision, tag: applyTagRevision };
  const revisionReview = swapped.revisionReview ?? new RevisionReview(db, appliers, clock);
  const reportReview =
    swapped.reportReview ?? new ReportReviewService(db, { posts, operations, answers, comments, reasons }, clock);
  const review = swapped.review ?? new ReviewQueueService(db, { ...clock, sources, users });
  const content = { posts, answers, comments };
  const jobs = swapped.jobs ?? new JobRunner({ db, key, ...clock });
  const adminUsers = swapped.adminUsers ?? new AdminUsersService(db, accounts, { ...clock, jobs });
  jobs.register(bulkAddJob(adminUsers));
  jobs.register(badgeBackfillJob(db, clock));
  return {
    settings,
    accounts,
    sessions: swapped.sessions ?? accounts.sessionStore(),
    users: swapped.users ?? accounts.userStore(),
    captcha: swapped.captcha ?? new CaptchaService(db, { ...config.captcha, ...clock }),
    mailer: swapped.mailer ?? new Mailer({ db, settings, key, ...clock }),
    notifyMail: swapped.notifyMail ?? new NotifyMail({ db, settings, key, ...clock }),
    notifications: swapped.notifications ?? new NotificationService(db, clock),
    reasons,
    privileges: swapped.privileges ?? new DbPrivilegeSource(db),
    privilegeLevels: swapped.privilegeLevels ?? new PrivilegeLevels(db),
    questions: swapped.questions ?? new QuestionService(db, clock),
    posts,
    answers,
    answerViewer: swapped.answerViewer ?? new DbAnswerViewerSource(db),
    operations,
    votes: swapped.votes ?? new VoteService(db, clock),
    collections: swapped.collections ?? new CollectionService(db, clock),
    follows: swapped.follows ?? new FollowService(db, clock),
    comments,
    reports: swapped.reports ?? new ReportService(db, clock),
    reportReview,
    review,
    revisionReview,
    reviewing: swapped.reviewing ?? new ReviewingService(revisionReview, reportReview, review),
    tags: swapped.tags ?? new TagService(db, clock),
    search: swapped.search ?? new SearchService(db),
    similar: swapped.similar ?? new SimilarQuestionService(db),
    profile: swapped.profile ?? new ProfileService(db, clock),
    activity: swapped.activity ?? new ActivityService(db),
    rollback:
      swapped.rollback ??
      new RevisionRollback(db, { question: questionRevisions, answer: answerRevisions, tag: tagRevisions }, clock),
    uploadAccess: swapped.uploadAccess ?? new UploadAccess(db),
    rateCounters: swapped.rateCounters ?? new DbCounters(db, clock),
    adminContent:
      swapped.adminContent ?? new AdminContentService(db, { posts, operations, answers, reasons, flags: reportReview }),
    dashboard:
      swapped.dashboard ??
      new DashboardService(db, {
        settings,
        dataDir: config.dataDir,
        flags: reportReview,
        updates: new UpdateChecker({ url: config.updateCheckUrl ?? '', ...clock }),
        ...clock,
      }),
    pluginStates: swapped.pluginStates ?? new DbPluginStates(db, settings),
    adminUsers,
    adminUserChanges: swapped.adminUserChanges ?? new AdminUserChanges(db, { accounts, content, ...clock }),
    badges: swapped.badges ?? new BadgeService(db, new ProfileService(db, clock), { ...clock, jobs }),
    audit: swapped.audit ?? new AuditLog(db, clock),
    jobs,
    crawl: swapped.crawl ?? new CrawlService(db),
  };
}
