import type { AppServices } from './app';
import type { ServerConfig } from './config';
import { resolveDatabaseConfig } from './db/config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DbSettingsStore } from './db/site-info';
import { AccountsService } from './modules/accounts/service';
import { configFilePath, readInstallRecord } from './modules/install/config-file';
import { autoInstallFromEnv } from './modules/install/env';
import { DbReasonSource } from './modules/reasons/service';

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

  const database = await createDatabase(resolveDatabaseConfig(record.database, config.dataDir));
  try {
    await migrateToLatest(database.db, database.config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const accounts = new AccountsService(database.db);
  return {
    installed: true,
    configFile,
    services: {
      accounts,
      settings: new DbSettingsStore(database.db),
      sessions: accounts.sessionStore(),
      users: accounts.userStore(),
      reasons: new DbReasonSource(database.db),
    },
    close: () => database.close(),
  };
}
