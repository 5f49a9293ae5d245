import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { externalOrigins, type ServerConfig } from './config';
import { handleClientError } from './lib/client-error';
import { lazySerializerCompiler } from './lib/lazy-serializer';
import { logRedaction } from './lib/logger';
import { isHttpsUrl } from './lib/site-address';
import { assertSharedPaging, validatorCompiler } from './lib/query-validator';
import { accountsRoutes } from './modules/accounts/routes';
import { oneClickUnsubscribeRoutes } from './modules/notify-mail/routes';
import { activityRoutes } from './modules/activity/routes';
import { adminContentRoutes } from './modules/admin-content/routes';
import { adminAuditRoutes } from './modules/audit/routes';
import { noAudit } from './modules/audit/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { adminPluginRoutes } from './modules/plugins/admin-routes';
import { adminUsersRoutes } from './modules/admin-users/routes';
import { adminJobRoutes } from './modules/job/routes';
import { adminBadgeRoutes } from './modules/badge/admin-routes';
import { badgeRoutes } from './modules/badge/routes';
import { healthRoutes } from './modules/health/routes';
import { noMailer } from './modules/mail/mailer';
import { smtpAdminRoutes } from './modules/mail/routes';
import { advancedSettingsRoutes } from './modules/settings/advanced-routes';
import { brandingSettingsRoutes, faviconRoute } from './modules/settings/branding-routes';
import { loginSettingsRoutes } from './modules/settings/login-routes';
import { writeSettingsRoutes } from './modules/settings/routes';
import { siteSettingsRoutes } from './modules/settings/site-routes';
import { themeSettingsRoutes } from './modules/settings/theme-routes';
import { reviewRoutes } from './modules/review/routes';
import { tagRoutes } from './modules/tag/routes';
import { revisionRoutes } from './modules/revisions/routes';
import { reviewingRoutes } from './modules/reviewing/routes';
import { searchRoutes } from './modules/search/routes';
import type { Installer } from './modules/install/installer';
import { installRoutes } from './modules/install/routes';
import { noNotifications } from './modules/notification/service';
import { notificationRoutes } from './modules/notification/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { commentRoutes } from './modules/comment/routes';
import { noCaptcha } from './modules/captcha/service';
import { featureOffRoutes } from './modules/plugins/feature-off-routes';
import { pluginStatusRoutes } from './modules/plugins/routes';
import { permissionRoutes } from './modules/permission/routes';
import { collectionRoutes } from './modules/collection/routes';
import { followRoutes } from './modules/follow/routes';
import { voteRoutes } from './modules/vote/routes';
import { answerRoutes } from './modules/answer/routes';
import { questionRoutes } from './modules/question/routes';
import { renderRoutes } from './modules/render/routes';
import { profileRoutes } from './modules/profile/routes';
import { personalRoutes } from './modules/personal/routes';
import { uploadRoutes } from './modules/upload/routes';
import { defaultPrivileges } from './modules/permission/service';
import { reasonRoutes } from './modules/reasons/routes';
import { reportRoutes } from './modules/report/routes';
import { remoteRoutes } from './modules/remotes/routes';
import { noSessions } from './modules/session/store';
import { StaticSettingsStore, resolveSiteSettings } from './modules/settings/store';
import { adminLanguageRoutes, languageRoutes } from './modules/language/routes';
import { customCssRoute, robotsRoute, siteRoutes } from './modules/site/routes';
import { crawlRoutes } from './modules/crawl/routes';
import { pageRoutes } from './modules/pages/routes';
import type { BuildInfo } from './modules/site/service';
import { userRoutes } from './modules/user/routes';
import { noUsers } from './modules/user/service';
import apiCache from './plugins/api-cache';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errors from './plugins/errors';
import i18n from './plugins/i18n';
import installMode from './plugins/install-mode';
import maintenance from './plugins/maintenance';
import { ADMIN_API_PREFIX, API_PREFIX, INSTALL_API_PREFIX } from './plugins/prefixes';
import rateLimits from './plugins/rate-limit';
import routing from './plugins/routing';
import security from './plugins/security';
import settingsSync from './plugins/settings-sync';
import shortIds from './plugins/short-ids';
import staticSite from './plugins/static-site';
import type { Services } from './services';

/**
 * What the app serves: an installed site over its services (createServices), or install mode (the site
 * is not installed): /installation/* answers through the installer, pages redirect to /install and the
 * other APIs answer 503 base.not_installed.
 */
export type AppSite = { kind: 'installed'; services: Services } | { kind: 'install'; installer: Installer };

/** Process-level options of one app. */
export interface AppOptions {
  build?: BuildInfo;
  /** Where log lines go (default stdout); tests read them from here. */
  logStream?: { write(line: string): void };
}

/** JSON bodies above this are refused with 413 (uploads get their own limit on their route). */
export const BODY_LIMIT = 1024 * 1024;
/** A client has this long to send a whole request (slow-loris guard). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Builds the app without listening: tests inject requests into it; server.ts owns the process. */
export async function buildApp(
  config: ServerConfig,
  site: AppSite,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
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

  const services = site.kind === 'installed' ? site.services : undefined;
  decorate(app, config, services);
  const build = options.build ?? { version: pkg.version, revision: '' };
  const inMaintenance = () => config.maintenance;

  // Infrastructure: headers, compression, language, the one error handler.
  await app.register(security, { remoteOrigins: externalOrigins(config) });
  await app.register(compression);
  await app.register(i18n);
  await app.register(errors);
  // Route surfaces and canonical paths: before every hook that decides anything about a request.
  await app.register(routing);
  await app.register(apiCache);
  // Application plugins: install-mode gate, maintenance gate, then sessions and auth levels.
  if (site.kind === 'install') await app.register(installMode);
  await app.register(maintenance, { enabled: inMaintenance });
  await app.register(auth);
  await app.register(rateLimits, services ? { durable: services.rateCounters } : {});
  await app.register(shortIds);
  // Routes.
  await app.register(healthRoutes);
  await app.register(robotsRoute);
  await app.register(customCssRoute);
  await app.register(faviconRoute, { dataDir: config.dataDir });
  await app.register(remoteRoutes, { config, ...(services ? { plugins: services.pluginStates } : {}) });
  await app.register(
    async (api) => {
      await api.register(siteRoutes, { build, maintenance: inMaintenance, installed: site.kind === 'installed' });
      if (services) await api.register(installedApiRoutes, { config, services });
    },
    { prefix: API_PREFIX },
  );
  if (site.kind === 'installed') {
    await app.register(settingsSync);
    await app.register(adminSettingsRoutes, { prefix: ADMIN_API_PREFIX, config, services: site.services });
    await app.register(adminContentRoutes, { prefix: ADMIN_API_PREFIX, content: site.services.adminContent });
    await app.register(reasonRoutes, { prefix: ADMIN_API_PREFIX, reasons: site.services.reasons, auth: 'admin' });
    await app.register(adminLanguageRoutes, { prefix: ADMIN_API_PREFIX });
    await app.register(dashboardRoutes, { prefix: ADMIN_API_PREFIX, dashboard: site.services.dashboard, build });
    await app.register(adminPluginRoutes, {
      prefix: ADMIN_API_PREFIX,
      plugins: config.plugins,
      states: site.services.pluginStates,
    });
    await app.register(adminUsersRoutes, {
      prefix: ADMIN_API_PREFIX,
      users: site.services.adminUsers,
      changes: site.services.adminUserChanges,
      jobs: site.services.jobs,
    });
    await app.register(adminBadgeRoutes, {
      prefix: ADMIN_API_PREFIX,
      badges: site.services.badges,
      jobs: site.services.jobs,
    });
    await app.register(adminAuditRoutes, { prefix: ADMIN_API_PREFIX, audit: site.services.audit });
    await app.register(adminJobRoutes, { prefix: ADMIN_API_PREFIX, jobs: site.services.jobs });
    await app.register(crawlRoutes, {
      crawl: site.services.crawl,
      questions: site.services.questions,
      answers: site.services.answers,
      tags: site.services.tags,
    });
    await app.register(pageRoutes, {
      shellDir: config.shellDir,
      maintenance: inMaintenance,
      questions: site.services.questions,
      posts: site.services.posts,
      answers: site.services.answers,
      tags: site.services.tags,
      profile: site.services.profile,
      authors: (ids) => site.services.crawl.authors(ids),
    });
  } else {
    await app.register(installRoutes, { prefix: INSTALL_API_PREFIX, installer: site.installer });
  }
  await app.register(staticSite, {
    config,
    installMode: site.kind === 'install',
    uploadAccess: services?.uploadAccess,
    ...(services ? { pluginStates: services.pluginStates } : {}),
  });
  return app;
}

/**
 * What routes and plugins read through the app: the installed site's services, or (install mode) the
 * settings of the config file and no sessions, users, captchas or outbox.
 */
function decorate(app: FastifyInstance, config: ServerConfig, services: Services | undefined): void {
  app.decorate(
    'settings',
    services?.settings ?? new StaticSettingsStore(resolveSiteSettings(config.site, config.siteUrl)),
  );
  app.decorate('sessions', services?.sessions ?? noSessions);
  app.decorate('configSiteUrl', config.fileSiteUrl);
  if (services) warnOnSchemeMismatch(app, config.fileSiteUrl);
  app.decorate('users', services?.users ?? noUsers);
  app.decorate('notifications', services?.notifications ?? noNotifications);
  app.decorate('privileges', services?.privileges ?? defaultPrivileges);
  app.decorate('captcha', config.captcha.enabled ? (services?.captcha ?? noCaptcha) : noCaptcha);
  if (config.captcha.enabled && config.captcha.fixedText)
    app.log.warn('captcha.fixed_text is set: every captcha shows and expects the same text (for automated tests only)');
  services?.mailer.setLogger?.(app.log.child({ module: 'mail' }));
  services?.notifyMail.setLogger(app.log.child({ module: 'notify-mail' }));
  const jobLog = app.log.child({ module: 'job' });
  services?.jobs.setLogger((line, err) => jobLog.error({ err }, line));
  app.decorate('mailer', services?.mailer ?? noMailer(app.log));
  app.decorate('audit', services?.audit ?? noAudit);
}

/**
 * The config file's siteUrl and the stored general.site_url should name the same scheme: when one says
 * https:// the site is treated as HTTPS (lib/site-address.ts), which the operator should know about.
 */
function warnOnSchemeMismatch(app: FastifyInstance, fileSiteUrl: string | undefined): void {
  if (!fileSiteUrl) return;
  app.addHook('onReady', async () => {
    const live = (await app.settings.get('general')).site_url;
    if (isHttpsUrl(live) === isHttpsUrl(fileSiteUrl)) return;
    app.log.warn(
      { configSiteUrl: fileSiteUrl, siteUrl: live },
      "the config file's siteUrl and the site URL of the admin area differ in scheme; the site is served as HTTPS (Secure session cookie, HSTS)",
    );
  });
}

/** Every settings group of the admin API (/answer/admin/api); what the config file pins is refused. */
const adminSettingsRoutes: FastifyPluginAsync<{ config: ServerConfig; services: Services }> = async (
  admin,
  { config, services },
) => {
  const pinned = config.site;
  await admin.register(smtpAdminRoutes, { pinned });
  await admin.register(writeSettingsRoutes, { pinned, tags: services.tags });
  await admin.register(siteSettingsRoutes, { pinned });
  await admin.register(loginSettingsRoutes, { pinned });
  await admin.register(themeSettingsRoutes, { pinned });
  await admin.register(brandingSettingsRoutes, { pinned, dataDir: config.dataDir });
  await admin.register(advancedSettingsRoutes, { pinned, levels: services.privilegeLevels });
};

/** Every API of an installed site under /answer/api/v1 (siteinfo aside). */
const installedApiRoutes: FastifyPluginAsync<{ config: ServerConfig; services: Services }> = async (
  api,
  { config, services },
) => {
  const { reasons, posts } = services;
  await api.register(languageRoutes);
  await api.register(pluginStatusRoutes, {
    plugins: config.plugins,
    builtin: [{ slug_name: 'captcha-basic', enabled: config.captcha.enabled }],
    states: services.pluginStates,
  });
  await api.register(featureOffRoutes);
  await api.register(captchaRoutes);
  await api.register(accountsRoutes, { accounts: services.accounts });
  await api.register(oneClickUnsubscribeRoutes, { accounts: services.accounts });
  await api.register(userRoutes);
  await api.register(notificationRoutes, { reviewing: services.reviewing, notifications: services.notifications });
  await api.register(reasonRoutes, { reasons });
  await api.register(permissionRoutes, { privileges: services.privileges });
  await api.register(questionRoutes, {
    questions: services.questions,
    posts,
    operations: services.operations,
    reasons,
    similar: services.similar,
    tags: services.tags,
  });
  await api.register(revisionRoutes, {
    revisions: posts.revisions,
    rollback: services.rollback,
    review: services.revisionReview,
  });
  await api.register(activityRoutes, { activity: services.activity });
  await api.register(reviewingRoutes, { reviewing: services.reviewing });
  await api.register(renderRoutes);
  await api.register(voteRoutes, { votes: services.votes });
  await api.register(collectionRoutes, { collections: services.collections });
  await api.register(followRoutes, { follows: services.follows });
  await api.register(commentRoutes, { comments: services.comments });
  await api.register(answerRoutes, { answers: services.answers, posts, viewer: services.answerViewer });
  await api.register(reportRoutes, { reports: services.reports, reasons, review: services.reportReview });
  await api.register(reviewRoutes, { queue: services.review });
  await api.register(tagRoutes, { tags: services.tags });
  await api.register(searchRoutes, { search: services.search });
  await api.register(profileRoutes, { profile: services.profile });
  await api.register(personalRoutes, { profile: services.profile });
  await api.register(uploadRoutes, { profile: services.profile, dataDir: config.dataDir });
  await api.register(badgeRoutes, { badges: services.badges });
};
