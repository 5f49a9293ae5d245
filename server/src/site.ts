import type { ServerConfig } from './config';
import { resolveDatabaseConfig } from './db/config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { configFilePath, ensureOutboxKey, readInstallRecord } from './modules/install/config-file';
import { autoInstallFromEnv } from './modules/install/env';
import { createServices, type ServiceOverrides, type Services } from './services';

export interface OpenedSite {
  installed: boolean;
  /** The config file the site's install record is (or will be) written to. */
  configFile: string;
  /** The installed site's services (none while it is not installed). */
  services?: Services;
  /** Closes the database (after the app has finished its requests). */
  close(): Promise<void>;
}

export interface OpenSiteOptions {
  /** Run the unattended install when the environment asks for it (default true). */
  autoInstall?: boolean;
  /** Services to swap in (tests: a failing mailer, a clock); see createServices. */
  overrides?: ServiceOverrides;
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
  if (!record) return { installed: false, configFile, close: async () => undefined };

  // The key that seals mail bodies in the outbox: written to the config file now if the install predates it.
  const outboxKey = ensureOutboxKey(configFile);
  const database = await createDatabase(resolveDatabaseConfig(record.database, config.dataDir));
  try {
    await migrateToLatest(database.db, database.config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = createServices(database.db, config, { outboxKey, ...options.overrides });
  // The outbox worker runs while the site is open (buildApp hands it the app's logger).
  services.mailer.start?.();
  services.notifyMail.start();
  services.jobs.start();
  return {
    installed: true,
    configFile,
    services,
    close: async () => {
      await services.jobs.stop();
      await services.notifyMail.stop();
      await services.mailer.stop?.();
      await database.close();
    },
  };
}
