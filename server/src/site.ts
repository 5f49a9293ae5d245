import type { AppServices } from './app';
import type { ServerConfig } from './config';
import { resolveDatabaseConfig } from './db/config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DbSettingsStore } from './db/site-info';
import { AccountsService } from './modules/accounts/service';
import { CaptchaService } from './modules/captcha/service';
import { Mailer } from './modules/mail/mailer';
import { DbCounters } from './plugins/rate-limit-db';
import { configFilePath, ensureOutboxKey, readInstallRecord } from './modules/install/config-file';
import { autoInstallFromEnv } from './modules/install/env';
import { CommentService } from './modules/comment/service';
import { DbPrivilegeSource } from './modules/permission/service';
import { CollectionService } from './modules/collection/service';
import { FollowService } from './modules/follow/service';
import { VoteService } from './modules/vote/service';
import { AnswerService } from './modules/answer/service';
import { QuestionPostService } from './modules/question/posts';
import { QuestionOperationService } from './modules/question/operations';
import { QuestionService } from './modules/question/service';
import { SearchService } from './modules/search/service';
import { SimilarQuestionService } from './modules/question/similar';
import { TagService } from './modules/tag/service';
import { DbAnswerViewerSource } from './modules/answer/viewer';
import { ProfileService } from './modules/profile/service';
import { UploadAccess } from './modules/upload/access';
import { DbReasonSource } from './modules/reasons/service';
import { ReportService } from './modules/report/service';
import type { SettingsGroup, SiteOverrides, SiteSettings } from './modules/settings/schema';
import { deepMerge, type SettingsStore } from './modules/settings/store';
import { plainTextToHtml } from './lib/plain-text-html';

/**
 * The config file's `site` object over an installed site's stored settings: what the operator pins
 * in the file wins over the database (as it wins over the defaults on a site that is not installed).
 * `security.login_required` follows `login.login_required`, and pinned legal texts get their HTML.
 */
export class PinnedSettingsStore implements SettingsStore {
  readonly #stored: SettingsStore;
  readonly #pinned: SiteOverrides;

  constructor(stored: SettingsStore, pinned: SiteOverrides) {
    this.#stored = stored;
    this.#pinned = pinned;
  }

  async get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]> {
    const value = deepMerge(await this.#stored.get(group), this.#pinned[group] ?? {}) as SiteSettings[G];
    if (group === 'security' && this.#pinned.login?.login_required !== undefined) {
      (value as SiteSettings['security']).login_required = this.#pinned.login.login_required;
    }
    if (group === 'legal') {
      const legal = value as SiteSettings['legal'];
      const pinned = this.#pinned.legal;
      if (pinned?.terms_of_service_original_text !== undefined)
        legal.terms_of_service_parsed_text = plainTextToHtml(pinned.terms_of_service_original_text);
      if (pinned?.privacy_policy_original_text !== undefined)
        legal.privacy_policy_parsed_text = plainTextToHtml(pinned.privacy_policy_original_text);
    }
    return value;
  }

  /** Saves to the database; what the file pins still wins when read. */
  async set<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void> {
    if (!this.#stored.set) throw new Error('the stored settings cannot be saved');
    await this.#stored.set(group, value);
  }
}

export interface OpenedSite {
  installed: boolean;
  /** The config file the site's install record is (or will be) written to. */
  configFile: string;
  services: AppServices;
  /** Closes the database (after the app has finished its requests). */
  close(): Promise<void>;
}

export interface OpenSiteOptions {
  /** Run the unattended install when the environment asks for it (default true). */
  autoInstall?: boolean;
}

/**
 * Opens the site the server is about to serve: installs it first when the unattended-install variables
 * say so (AUTO_INSTALL=true and Answer's DB_* / SITE_* / ADMIN_* variables), then, if it is installed,
 * opens its database, brings the schema up to date and hands the database-backed stores to the app.
 * A site that is not installed runs on the configuration's settings with no accounts (the host then
 * serves it in install mode).
 */
export async function openSite(
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = () => undefined,
  options: OpenSiteOptions = {},
): Promise<OpenedSite> {
  const configFile = config.configFile ?? configFilePath(config.dataDir, env);
  if (options.autoInstall !== false) {
    const auto = await autoInstallFromEnv(env, { dataDir: config.dataDir, configFile, log });
    if (auto.status !== 'skipped') log(`unattended install: ${auto.status}`);
  }

  const record = readInstallRecord(configFile);
  if (!record) return { installed: false, configFile, services: {}, close: async () => undefined };

  // The key that seals mail bodies in the outbox: written to the config file now if the install predates it.
  const outboxKey = ensureOutboxKey(configFile);
  const database = await createDatabase(resolveDatabaseConfig(record.database, config.dataDir));
  try {
    await migrateToLatest(database.db, database.config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const accounts = new AccountsService(database.db);
  const stored = new DbSettingsStore(database.db);
  const settings = Object.keys(config.site).length ? new PinnedSettingsStore(stored, config.site) : stored;
  // Posts read the write settings (min_tags, min_content, required_tag, restrict_answer) from the same store.
  const posts = new QuestionPostService(database.db, { settings });
  // The outbox worker runs while the site is open (buildApp hands it the app's logger).
  const mailer = new Mailer({ db: database.db, settings, key: outboxKey });
  mailer.start();
  return {
    installed: true,
    configFile,
    services: {
      accounts,
      settings,
      mailer,
      sessions: accounts.sessionStore(),
      users: accounts.userStore(),
      reasons: new DbReasonSource(database.db),
      privileges: new DbPrivilegeSource(database.db),
      questions: new QuestionService(database.db),
      votes: new VoteService(database.db),
      collections: new CollectionService(database.db),
      follows: new FollowService(database.db),
      comments: new CommentService(database.db),
      posts,
      answers: new AnswerService(database.db, posts),
      tags: new TagService(database.db),
      similar: new SimilarQuestionService(database.db),
      search: new SearchService(database.db),
      answerViewer: new DbAnswerViewerSource(database.db),
      operations: new QuestionOperationService(database.db, posts),
      profile: new ProfileService(database.db),
      uploadAccess: new UploadAccess(database.db),
      reports: new ReportService(database.db),
      captcha: new CaptchaService(database.db, config.captcha),
      rateCounters: new DbCounters(database.db),
    },
    close: async () => {
      await mailer.stop();
      await database.close();
    },
  };
}
