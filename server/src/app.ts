import Fastify, { type FastifyInstance } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { externalOrigins, type ServerConfig } from './config';
import { handleClientError } from './lib/client-error';
import { lazySerializerCompiler } from './lib/lazy-serializer';
import { logRedaction } from './lib/logger';
import { assertSharedPaging, validatorCompiler } from './lib/query-validator';
import { ACCOUNT_FLOW_ROUTES, accountsRoutes } from './modules/accounts/routes';
import type { AccountsService } from './modules/accounts/service';
import { healthRoutes } from './modules/health/routes';
import { noMailer, type Mailer } from './modules/mail/mailer';
import { smtpAdminRoutes } from './modules/mail/routes';
import { writeSettingsRoutes } from './modules/settings/routes';
import type { SimilarQuestionService } from './modules/question/similar';
import { tagRoutes } from './modules/tag/routes';
import { revisionRoutes } from './modules/revisions/routes';
import { searchRoutes } from './modules/search/routes';
import type { SearchService } from './modules/search/service';
import type { TagService } from './modules/tag/service';
import type { Installer } from './modules/install/installer';
import { installRoutes } from './modules/install/routes';
import { noNotifications, type NotificationCounter } from './modules/notification/service';
import { notificationRoutes } from './modules/notification/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { commentRoutes } from './modules/comment/routes';
import type { CommentService } from './modules/comment/service';
import { noCaptcha, type CaptchaGate } from './modules/captcha/service';
import { featureOffRoutes } from './modules/plugins/feature-off-routes';
import { pluginStatusRoutes } from './modules/plugins/routes';
import { permissionRoutes } from './modules/permission/routes';
import { collectionRoutes } from './modules/collection/routes';
import type { CollectionSource } from './modules/collection/service';
import { followRoutes } from './modules/follow/routes';
import type { FollowSource } from './modules/follow/service';
import { voteRoutes } from './modules/vote/routes';
import type { VoteSource } from './modules/vote/service';
import { answerRoutes } from './modules/answer/routes';
import type { AnswerService } from './modules/answer/service';
import type { AnswerViewerSource } from './modules/answer/viewer';
import type { QuestionOperationService } from './modules/question/operations';
import type { QuestionPostService } from './modules/question/posts';
import { questionRoutes } from './modules/question/routes';
import { renderRoutes } from './modules/render/routes';
import { profileRoutes } from './modules/profile/routes';
import { personalRoutes } from './modules/personal/routes';
import type { ProfileService } from './modules/profile/service';
import type { UploadAccess } from './modules/upload/access';
import { uploadRoutes } from './modules/upload/routes';
import { noQuestions, type QuestionSource } from './modules/question/service';
import { defaultPrivileges, type PrivilegeSource } from './modules/permission/service';
import { reasonRoutes } from './modules/reasons/routes';
import { reportRoutes } from './modules/report/routes';
import type { ReportService } from './modules/report/service';
import { defaultReasons, type ReasonSource } from './modules/reasons/service';
import { remoteRoutes } from './modules/remotes/routes';
import { noSessions, type SessionStore } from './modules/session/store';
import { StaticSettingsStore, resolveSiteSettings, type SettingsStore } from './modules/settings/store';
import { languageRoutes } from './modules/language/routes';
import { customCssRoute, robotsRoute, siteRoutes } from './modules/site/routes';
import type { BuildInfo } from './modules/site/service';
import { userRoutes } from './modules/user/routes';
import { noUsers, type UserStore } from './modules/user/service';
import apiCache from './plugins/api-cache';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errors from './plugins/errors';
import i18n from './plugins/i18n';
import installMode from './plugins/install-mode';
import maintenance from './plugins/maintenance';
import { ADMIN_API_PREFIX, API_PREFIX, INSTALL_API_PREFIX } from './plugins/prefixes';
import rateLimits from './plugins/rate-limit';
import type { Counters } from './plugins/rate-limit-store';
import security from './plugins/security';
import shortIds from './plugins/short-ids';
import staticSite from './plugins/static-site';

/** What the app reads and writes through: defaults work without a database; tests pass fakes. */
export interface AppServices {
  /** Accounts on the site's database; without it there is no login (the site is not installed). */
  accounts?: AccountsService;
  /** Captchas and action records (answer-api.md §1.5); without it no action needs a captcha. */
  captcha?: CaptchaGate;
  settings?: SettingsStore;
  sessions?: SessionStore;
  users?: UserStore;
  notifications?: NotificationCounter;
  /** Report, close, review and status reasons (default: the built-in ones a fresh install seeds). */
  reasons?: ReasonSource;
  /** Reputation thresholds per permission (default: what a fresh install seeds, level 2). */
  privileges?: PrivilegeSource;
  /** Profiles, users settings, the users list and uploads (default: none of their routes). */
  profile?: ProfileService;
  /** Question lists (default: no questions, an empty page). */
  questions?: QuestionSource;
  /** Votes on questions, answers and comments (default: none of their routes). */
  votes?: VoteSource;
  /** Bookmarks of questions (default: no collection/switch route). */
  collections?: CollectionSource;
  /** Follows of questions and tags (default: no follow route). */
  follows?: FollowSource;
  /** Comments on questions and answers (default: none of their routes). */
  comments?: CommentService;
  /** Asking, reading, editing and answering questions (default: none of their routes). */
  posts?: QuestionPostService;
  /** Answers (with posts; default: none of their routes). */
  answers?: AnswerService;
  /** Tag suggestions and the tag flags of the write settings (default: no suggestion routes, no tags to name). */
  tags?: TagService;
  /** Full-text search of questions and answers (default: no search route). */
  search?: SearchService;
  /** Similar and related questions (default: none of their routes). */
  similar?: SimilarQuestionService;
  /** The viewer's votes and bookmarks on answers (default: none read). */
  answerViewer?: AnswerViewerSource;
  /** Who may fetch post uploads of deleted/unlisted posts and drafts (default: only the private-site rule). */
  uploadAccess?: UploadAccess;
  /** Close, reopen, pin, hide, undelete and invitations (with posts; default: none of their routes). */
  operations?: QuestionOperationService;
  /** Flags of questions, answers and comments (default: no report route). */
  reports?: ReportService;
  /** The site's mail outbox and worker (default: none; mails are dropped with a log line). */
  mailer?: Mailer;
  /**
   * Install mode (the site is not installed): /installation/* answers through this installer, pages
   * redirect to /install and other APIs answer 503 base.not_installed.
   */
  installer?: Installer;
  build?: BuildInfo;
  /** Counters shared by every process and kept over restarts (the site's database) for the rate limits. */
  rateCounters?: Counters;
  /** Where log lines go (default stdout); tests read them from here. */
  logStream?: { write(line: string): void };
}

/** JSON bodies above this are refused with 413 (uploads get their own limit on their route). */
export const BODY_LIMIT = 1024 * 1024;
/** A client has this long to send a whole request (slow-loris guard). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Builds the app without listening: tests inject requests into it; server.ts owns the process. */
export async function buildApp(config: ServerConfig, services: AppServices = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(services.logStream ? { stream: services.logStream } : {}),
      // Tokens, codes and passwords never reach the log (query values redacted; headers, bodies unlogged).
      ...logRedaction,
    },
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // When the app listens itself (tests); the process's server (host.ts) installs the same handler.
    clientErrorHandler: handleClientError,
  })
    .setValidatorCompiler(validatorCompiler)
    .setSerializerCompiler(lazySerializerCompiler());
  // Every list bounds page and page_size the same way (shared-api/src/contract/paging.ts).
  app.addHook('onRoute', assertSharedPaging);

  app.decorate(
    'settings',
    services.settings ?? new StaticSettingsStore(resolveSiteSettings(config.site, config.siteUrl)),
  );
  app.decorate('sessions', services.sessions ?? noSessions);
  app.decorate('siteUrlForCookies', config.siteUrl);
  app.decorate('users', services.users ?? noUsers);
  app.decorate('notifications', services.notifications ?? noNotifications);
  app.decorate('privileges', services.privileges ?? defaultPrivileges);
  app.decorate('captcha', config.captcha.enabled ? (services.captcha ?? noCaptcha) : noCaptcha);
  if (config.captcha.enabled && config.captcha.fixedText)
    app.log.warn('captcha.fixed_text is set: every captcha shows and expects the same text (for automated tests only)');
  services.mailer?.setLogger(app.log.child({ module: 'mail' }));
  app.decorate('mailer', services.mailer ?? noMailer(app.log));
  const build = services.build ?? { version: pkg.version, revision: '' };
  const inMaintenance = () => config.maintenance;

  // Infrastructure: headers, compression, language, the one error handler.
  await app.register(security, { remoteOrigins: externalOrigins(config), siteUrl: config.siteUrl });
  await app.register(compression);
  await app.register(i18n);
  await app.register(errors);
  await app.register(apiCache);
  // Application plugins: install-mode gate, maintenance gate, then sessions and auth levels.
  if (services.installer) await app.register(installMode);
  await app.register(maintenance, { enabled: inMaintenance });
  await app.register(auth);
  await app.register(rateLimits, services.rateCounters ? { durable: services.rateCounters } : {});
  await app.register(shortIds);
  // Routes.
  await app.register(healthRoutes);
  await app.register(robotsRoute);
  await app.register(customCssRoute);
  await app.register(remoteRoutes, { config });
  await app.register(
    async (api) => {
      await api.register(siteRoutes, { build, maintenance: inMaintenance, installed: !services.installer });
      await api.register(languageRoutes);
      await api.register(pluginStatusRoutes, {
        plugins: config.plugins,
        builtin: [{ slug_name: 'captcha-basic', enabled: config.captcha.enabled }],
      });
      await api.register(featureOffRoutes);
      await api.register(captchaRoutes);
      if (services.accounts)
        await api.register(accountsRoutes, { accounts: services.accounts, only: ACCOUNT_FLOW_ROUTES });
      await api.register(userRoutes);
      await api.register(notificationRoutes);
      await api.register(reasonRoutes, { reasons: services.reasons ?? defaultReasons });
      await api.register(permissionRoutes, { privileges: services.privileges ?? defaultPrivileges });
      await api.register(questionRoutes, {
        questions: services.questions ?? noQuestions,
        posts: services.posts,
        operations: services.posts ? services.operations : undefined,
        reasons: services.reasons ?? defaultReasons,
        similar: services.similar,
        tags: services.tags,
      });
      if (services.posts) await api.register(revisionRoutes, { revisions: services.posts.revisions });
      await api.register(renderRoutes);
      if (services.votes) await api.register(voteRoutes, { votes: services.votes });
      if (services.collections) await api.register(collectionRoutes, { collections: services.collections });
      if (services.follows) await api.register(followRoutes, { follows: services.follows });
      if (services.comments) await api.register(commentRoutes, { comments: services.comments });
      if (services.posts && services.answers)
        await api.register(answerRoutes, {
          answers: services.answers,
          posts: services.posts,
          viewer: services.answerViewer,
        });
      if (services.reports)
        await api.register(reportRoutes, { reports: services.reports, reasons: services.reasons ?? defaultReasons });
      if (services.tags) await api.register(tagRoutes, { tags: services.tags });
      if (services.search) await api.register(searchRoutes, { search: services.search });
      if (services.profile) {
        await api.register(profileRoutes, { profile: services.profile });
        await api.register(personalRoutes, { profile: services.profile });
        await api.register(uploadRoutes, { profile: services.profile, dataDir: config.dataDir });
      }
    },
    { prefix: API_PREFIX },
  );
  await app.register(smtpAdminRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(writeSettingsRoutes, { prefix: ADMIN_API_PREFIX, tags: services.tags });
  if (services.installer)
    await app.register(installRoutes, { prefix: INSTALL_API_PREFIX, installer: services.installer });
  await app.register(staticSite, { config, installMode: !!services.installer, uploadAccess: services.uploadAccess });
  return app;
}
