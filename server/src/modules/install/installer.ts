import { existsSync } from 'node:fs';
import type { ConfigFileCheckResult, InstallBaseInfoBody, InstallDbBody } from '@agora/shared-api/contract';
import { describeDatabase, type DatabaseConfig } from '../../db/config';
import { createDatabase } from '../../db/database';
import { translate, type Language } from '../../i18n';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import {
  configFileText,
  configFileWith,
  readInstallRecord,
  readPendingDatabase,
  writePendingDatabase,
} from './config-file';
import { checkDatabase, databaseFromBody, type ConnectionCause } from './database-input';
import { InstallError } from './errors';
import { installSite, isSiteInstalled, prepareDatabase } from './install';

export interface InstallerOptions {
  /** The data directory: relative SQLite files live here. */
  dataDir: string;
  /** The config file the server reads (and the installer writes). */
  configFile: string;
  /**
   * Called once base-info has installed the site and written the install record: the host switches
   * the running server to the installed site before the request answers.
   */
  onInstalled?: () => Promise<void>;
  /** Operator-facing log lines (never a password). */
  log?: (line: string, level?: 'info' | 'warn' | 'error') => void;
}

const alert = { errType: 'alert' } as const;

export function connectionFailed(cause: ConnectionCause, lang: Language): ApiFailure {
  return new ApiFailure(400, 'error.database.connection_failed', {
    ...alert,
    params: { cause: translate(`error.database.cause.${cause}`, lang) },
  });
}

const alreadyInstalled = () => new ApiFailure(400, 'error.install.already_installed', alert);

/**
 * The browser installer's steps (docs/wire-contract.md), used by the /installation routes while the
 * site is not installed. Steps that change something (init, base-info) run one at a time.
 *
 * The database chosen at init is written into the config file as `database` without `installed_at`
 * (a "pending" database), so a restart between init and base-info loses nothing; it is also kept in
 * memory, for base-info, when the file could not be written and the operator was asked to write it.
 */
export class Installer {
  readonly #options: InstallerOptions;
  #installed = false;
  #pending: DatabaseConfig | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: InstallerOptions) {
    this.#options = options;
  }

  /** True once base-info succeeded: every installer route then answers 404. */
  get installed(): boolean {
    return this.#installed;
  }

  /**
   * Whether the site has been installed, by this installer or behind its back (`agora init` writing the
   * install record while the server runs in install mode). In the second case the host is asked to
   * switch to the installed site, as after base-info.
   */
  async refreshInstalled(): Promise<boolean> {
    if (this.#installed) return true;
    let record;
    try {
      record = readInstallRecord(this.#options.configFile);
    } catch {
      return false;
    }
    if (!record) return false;
    this.#installed = true;
    this.#log('the config file now records an installed site: switching to it');
    await this.#options.onInstalled?.().catch((error: unknown) => {
      this.#log(`could not open the installed site: ${(error as Error).message}`, 'error');
    });
    return true;
  }

  #log(line: string, level: 'info' | 'warn' | 'error' = 'info') {
    this.#options.log?.(line, level);
  }

  /** Runs `step` after every step before it has finished. */
  #exclusive<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step, step);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #pendingDatabase(): DatabaseConfig | null {
    try {
      return readPendingDatabase(this.#options.configFile) ?? this.#pending;
    } catch {
      return this.#pending;
    }
  }

  /** config-file/check: is a database recorded, can we reach it, does it already hold a site? */
  async configFileCheck(): Promise<ConfigFileCheckResult> {
    let recorded: DatabaseConfig | null;
    try {
      recorded = readPendingDatabase(this.#options.configFile);
    } catch (error) {
      this.#log((error as Error).message, 'warn');
      return { config_file_exist: true, db_connection_success: false, db_table_exist: false };
    }
    if (!recorded) return { config_file_exist: false, db_connection_success: false, db_table_exist: false };
    const check = await checkDatabase(recorded);
    if (!check.ok) return { config_file_exist: true, db_connection_success: false, db_table_exist: false };
    return { config_file_exist: true, db_connection_success: true, db_table_exist: await this.#holdsSite(recorded) };
  }

  async #holdsSite(database: DatabaseConfig): Promise<boolean> {
    // A SQLite file that does not exist holds nothing (and looking must not create it).
    if (database.type === 'sqlite3' && !existsSync(database.file)) return false;
    const opened = await createDatabase(database, { poolSize: 1, connectTimeoutMs: 5_000 });
    try {
      return await isSiteInstalled(opened.db);
    } finally {
      await opened.close();
    }
  }

  #database(body: InstallDbBody): DatabaseConfig {
    const input = databaseFromBody(body, this.#options.dataDir);
    if (!input.ok) throw ApiFailure.fields(input.fields);
    return input.database;
  }

  /** db/check: tries the database live; creates nothing. */
  async checkDatabase(body: InstallDbBody, lang: Language): Promise<{ connection_success: true }> {
    const database = this.#database(body);
    const check = await checkDatabase(database);
    if (!check.ok) {
      this.#log(`database check failed: ${check.error}`, 'warn');
      throw connectionFailed(check.cause, lang);
    }
    return { connection_success: true };
  }

  /**
   * init: checks the database, refuses one that already holds a site, brings its schema up to date
   * and records it as the pending database in the config file. When the file cannot be written the
   * answer carries the JSON the operator should write by hand (`default_config`).
   */
  init(body: InstallDbBody, lang: Language): Promise<null> {
    return this.#exclusive(async () => {
      if (this.#installed) throw alreadyInstalled();
      const database = this.#database(body);
      const check = await checkDatabase(database);
      if (!check.ok) {
        this.#log(`init: database check failed: ${check.error}`, 'warn');
        throw connectionFailed(check.cause, lang);
      }
      if (await this.#holdsSite(database)) throw alreadyInstalled();
      try {
        const applied = await prepareDatabase(database);
        this.#log(`init: ${describeDatabase(database)}; migrations applied: ${applied.join(', ') || 'none'}`);
      } catch (error) {
        if (error instanceof InstallError && error.code === 'database_connection_failed') {
          this.#log(`init: ${error.message}`, 'warn');
          throw connectionFailed('other', lang);
        }
        // Connected, but the schema could not be created (no CREATE privilege, a foreign table in the way...).
        this.#log(`init: migrations failed on ${describeDatabase(database)}: ${(error as Error).message}`, 'error');
        throw new ApiFailure(400, 'error.database.create_tables_failed', alert);
      }
      this.#pending = database;
      try {
        writePendingDatabase(this.#options.configFile, database);
      } catch (error) {
        this.#log(`init: ${(error as Error).message}`, 'error');
        throw this.#createConfigFailed(database);
      }
      return null;
    });
  }

  #createConfigFailed(database: DatabaseConfig): ApiFailure {
    let json: Record<string, unknown>;
    try {
      json = configFileWith(this.#options.configFile, { database, installed_at: undefined });
    } catch {
      json = { database };
    }
    return new ApiFailure(400, 'error.install.create_config_failed', {
      ...alert,
      data: {
        success: false,
        create_config_failed: true,
        default_config: configFileText(json),
        config_file: this.#options.configFile,
      },
    });
  }

  /**
   * base-info: installs the site on the pending database (settings, privileges, reasons, the admin),
   * writes the install record, then lets the host switch to the installed site.
   */
  baseInfo(body: InstallBaseInfoBody, lang: Language): Promise<null> {
    return this.#exclusive(async () => {
      if (this.#installed || readInstallRecord(this.#options.configFile)) {
        this.#installed = true;
        throw alreadyInstalled();
      }
      const database = this.#pendingDatabase();
      if (!database) throw new ApiFailure(400, 'error.install.database_not_chosen', alert);
      let result;
      try {
        result = await installSite({
          dataDir: this.#options.dataDir,
          configFile: this.#options.configFile,
          database,
          baseInfo: body,
          log: (line) => this.#log(`install: ${line}`),
        });
      } catch (error) {
        if (!(error instanceof InstallError)) throw error;
        this.#log(`install: ${error.message}`, 'warn');
        if (error.code === 'invalid_input') throw ApiFailure.fields(installFieldFailures(error));
        if (error.code === 'database_already_installed') throw alreadyInstalled();
        if (error.code === 'config_file_failed') throw this.#createConfigFailed(database);
        throw connectionFailed('other', lang);
      }
      this.#installed = true;
      if (result.status === 'already-installed') throw alreadyInstalled();
      this.#log(`install: the site is installed (${describeDatabase(database)})`);
      if (this.#options.onInstalled) {
        try {
          await this.#options.onInstalled();
        } catch (error) {
          this.#log(`install: could not open the installed site: ${(error as Error).stack ?? error}`, 'error');
          throw new ApiFailure(503, 'error.install.restart_required');
        }
      }
      return null;
    });
  }
}

function installFieldFailures(error: InstallError): FieldFailure[] {
  return error.fields.map((f) => ({
    field: f.field,
    reason: f.reason ?? 'validation.invalid',
    ...(f.params ? { params: f.params } : {}),
  }));
}
