import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { describeDatabase, resolveDatabaseConfig, type DatabaseConfig } from '../../db/config';
import { checkConnection, createDatabase } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { migrateToLatest } from '../../db/migrate';
import { keepIdsInTransaction } from '../../db/id-source';
import { seedBadgeCatalogue } from '../../db/migrations/20261127090100_badges';
import type { DB } from '../../db/schema';
import { isLanguage, translate } from '../../i18n';
import { writeConfigRows } from '../config/service';
import { SITE_INFO_TYPES, writeSiteInfo } from '../site-info/store';
import { defaultSiteSettings } from '../settings/defaults';
import { SETTINGS_GROUPS, type SiteSettings } from '../settings/schema';
import { MAIL_STATUS, ROLE } from '../accounts/mapping';
import { AccountsService } from '../accounts/service';
import { configFilePath, readInstallRecord, writeInstallRecord } from './config-file';
import { defaultConfigRows, DEFAULT_PRIVILEGE_LEVEL } from './defaults';
import { ensureFirstTag } from './first-tag';
import { hasGeneralSettings } from './repository';
import { InstallError } from './errors';
import { normalizeSiteUrl, usernameFromName, validateBaseInfo, type BaseInfoInput } from './validate';

export interface InstallInput {
  /** The data directory: the config file goes here (unless configFile says otherwise), relative SQLite files too. */
  dataDir: string;
  /** Default: configFilePath(dataDir) (AGORA_CONFIG or <dataDir>/config.json). */
  configFile?: string;
  database: DatabaseConfig;
  baseInfo: BaseInfoInput;
  /** The clock (Unix ms). */
  now?: () => number;
  /** Progress lines for a terminal. */
  log?: (line: string) => void;
}

export type InstallResult =
  | {
      status: 'installed';
      configFile: string;
      database: DatabaseConfig;
      adminId: number;
      /** Migrations applied by this install. */
      migrations: string[];
    }
  | { status: 'already-installed'; configFile: string; installedAt: string; message: string };

/**
 * Whether the database already holds an installed site (the `general` settings row is written last
 * by the install transaction). False when the tables do not exist yet.
 */
export async function isSiteInstalled(db: Kysely<DB>): Promise<boolean> {
  try {
    return await hasGeneralSettings(db);
  } catch {
    return false;
  }
}

/** Fails early (before the database is touched) when the config file's folder is not writable. */
function assertConfigWritable(file: string): void {
  // An operator may have created the file by hand in a folder the server cannot write: it is rewritten in place.
  if (existsSync(file)) {
    try {
      accessSync(file, constants.W_OK);
      return;
    } catch {
      // fall through: the probe below reports the folder's problem
    }
  }
  const probe = path.join(path.dirname(file), `.agora-write-test-${process.pid}`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new InstallError(
      'config_file_failed',
      `Cannot create the config file ${file}: ${(error as Error).message}`,
      [],
      {
        cause: error,
      },
    );
  }
}

/**
 * Site settings of a new site: the defaults with the installer's answers. The General settings
 * require a description, which the installer does not ask for, so it writes one naming the site in
 * the chosen language: the administrator can rename the site at once without writing one first.
 */
export function installSettings(baseInfo: BaseInfoInput): SiteSettings {
  const siteUrl = normalizeSiteUrl(baseInfo.site_url) ?? baseInfo.site_url;
  const settings = defaultSiteSettings(siteUrl);
  const loginRequired = baseInfo.login_required ?? false;
  const name = baseInfo.site_name.trim();
  const lang = isLanguage(baseInfo.lang) ? baseInfo.lang : undefined;
  settings.general = {
    ...settings.general,
    name,
    description: translate('settings.install.description', lang, { name }),
    site_url: siteUrl,
    contact_email: baseInfo.contact_email.trim(),
  };
  settings.interface = { ...settings.interface, language: baseInfo.lang, time_zone: 'UTC' };
  settings.login = { ...settings.login, login_required: loginRequired };
  settings.security = {
    ...settings.security,
    login_required: loginRequired,
    external_content_display: baseInfo.external_content_display ?? settings.security.external_content_display,
  };
  return settings;
}

async function seed(trx: Transaction<DB>, accounts: AccountsService, baseInfo: BaseInfoInput, now: number) {
  const settings = installSettings(baseInfo);
  keepIdsInTransaction(trx);
  // Reputation values, activity types, privileges (level 2) and the report/close/review/status reasons.
  await writeConfigRows(trx, defaultConfigRows(DEFAULT_PRIVILEGE_LEVEL));
  await writeSiteInfo(trx, 'privileges', { level: DEFAULT_PRIVILEGE_LEVEL }, now);
  // The badge catalogue (a site installed before badges existed got it from their migration).
  await seedBadgeCatalogue(trx, now);
  const admin = await accounts.createUser(
    {
      username: usernameFromName(baseInfo.name),
      displayName: baseInfo.name.trim(),
      email: baseInfo.email.trim(),
      password: baseInfo.password,
      roleId: ROLE.admin,
      mailStatus: MAIL_STATUS.verified,
      rank: 1,
    },
    trx,
  );
  // Like Answer, a new site starts with one tag (`support`); sample posts come from `agora demo`.
  await ensureFirstTag(trx, { userId: admin.id, now });
  // `general` last: its presence is what marks the database as installed.
  for (const group of SETTINGS_GROUPS.filter((g) => g !== 'general')) {
    await writeSiteInfo(trx, SITE_INFO_TYPES[group], settings[group], now);
  }
  await writeSiteInfo(trx, SITE_INFO_TYPES.general, settings.general, now);
  return admin.id;
}

/**
 * Checks the connection and brings the schema up to date (the browser installer's init step, and
 * the first half of installSite). Throws InstallError database_connection_failed.
 */
export async function prepareDatabase(database: DatabaseConfig): Promise<string[]> {
  const check = await checkConnection(database);
  if (!check.ok) throw new InstallError('database_connection_failed', `Cannot connect to the database: ${check.error}`);
  const opened = await createDatabase(database);
  try {
    return await migrateToLatest(opened.db, database);
  } finally {
    await opened.close();
  }
}

/**
 * Installs the site: validates the answers, migrates the database, seeds the settings, privileges
 * and the admin (role 2, activated) in one transaction, then writes the config file (last, so that
 * a failure leaves the site not installed). Used by the unattended install, the CLI and the
 * browser installer.
 *
 * An installed site (config file with installed_at) is left alone: status `already-installed`.
 * A database that already holds a site is refused (InstallError database_already_installed):
 * its tables must be cleared, or another database chosen.
 */
export async function installSite(input: InstallInput): Promise<InstallResult> {
  const log = input.log ?? (() => undefined);
  const now = input.now ?? Date.now;
  const configFile = input.configFile ?? configFilePath(input.dataDir);
  const existing = readInstallRecord(configFile);
  if (existing) {
    return {
      status: 'already-installed',
      configFile,
      installedAt: existing.installed_at,
      message: `The site is already installed (since ${existing.installed_at}, config file ${configFile}); nothing was changed.`,
    };
  }

  const errors = validateBaseInfo(input.baseInfo);
  if (errors.length) {
    throw new InstallError('invalid_input', errors.map((e) => `${e.field} ${e.message}`).join('; '), errors);
  }
  assertConfigWritable(configFile);

  const database = resolveDatabaseConfig(input.database, input.dataDir);
  log(`Database: ${describeDatabase(database)}`);
  const migrations = await prepareDatabase(database);
  log(migrations.length ? `Applied migrations: ${migrations.join(', ')}` : 'Database schema already up to date');

  const opened = await createDatabase(database);
  let adminId: number;
  try {
    const alreadyInstalled = new InstallError(
      'database_already_installed',
      `${describeDatabase(database)} already holds an installed site: clear its tables or choose another database.`,
    );
    if (await isSiteInstalled(opened.db)) throw alreadyInstalled;
    const accounts = new AccountsService(opened.db, { now });
    try {
      adminId = await opened.db.transaction().execute((trx) => seed(trx, accounts, input.baseInfo, now()));
    } catch (error) {
      // Another installer finished first.
      if (isUniqueViolation(error) && (await isSiteInstalled(opened.db))) throw alreadyInstalled;
      throw error;
    }
  } finally {
    await opened.close();
  }
  log(`Created the administrator ${usernameFromName(input.baseInfo.name)} <${input.baseInfo.email.trim()}>`);

  writeInstallRecord(configFile, { database, installed_at: new Date(now()).toISOString() });
  log(`Wrote ${configFile}`);
  return { status: 'installed', configFile, database, adminId, migrations };
}
