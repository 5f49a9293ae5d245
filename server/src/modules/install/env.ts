import path from 'node:path';
import { DEFAULT_PORTS, isDatabaseType, parseHostPort, type DatabaseConfig } from '../../db/config';
import { configFilePath, readInstallRecord } from './config-file';
import { InstallError, type InstallFieldError } from './errors';
import { installSite, type InstallResult } from './install';
import { validateBaseInfo, type BaseInfoInput } from './validate';

/**
 * Unattended install with Answer's variable names (for containers and tests):
 *
 *   AUTO_INSTALL=true
 *   DB_TYPE       sqlite3 (default) | postgres | mysql
 *   DB_FILE       SQLite file; default agora.sqlite3 in the data directory; relative = under it
 *   DB_HOST       host or host:port (default port 5432 / 3306)
 *   DB_USERNAME, DB_PASSWORD, DB_NAME
 *   LANGUAGE      en_US (default) | zh_CN
 *   SITE_NAME, SITE_URL, CONTACT_EMAIL
 *   ADMIN_NAME, ADMIN_PASSWORD, ADMIN_EMAIL
 */
export const INSTALL_ENV = [
  'AUTO_INSTALL',
  'DB_TYPE',
  'DB_FILE',
  'DB_HOST',
  'DB_USERNAME',
  'DB_PASSWORD',
  'DB_NAME',
  'LANGUAGE',
  'SITE_NAME',
  'SITE_URL',
  'CONTACT_EMAIL',
  'ADMIN_NAME',
  'ADMIN_PASSWORD',
  'ADMIN_EMAIL',
] as const;
export type InstallEnvName = (typeof INSTALL_ENV)[number];
export type InstallEnv = Partial<Record<InstallEnvName, string>>;

export const DEFAULT_SQLITE_FILE = 'agora.sqlite3';

/** Base-info field -> the variable that carries it. */
const VARIABLE_OF: Record<string, InstallEnvName> = {
  lang: 'LANGUAGE',
  site_name: 'SITE_NAME',
  site_url: 'SITE_URL',
  contact_email: 'CONTACT_EMAIL',
  name: 'ADMIN_NAME',
  password: 'ADMIN_PASSWORD',
  email: 'ADMIN_EMAIL',
};

function databaseFromEnv(env: InstallEnv, dataDir: string, errors: InstallFieldError[]): DatabaseConfig | null {
  const type = (env.DB_TYPE ?? '').trim() || 'sqlite3';
  if (!isDatabaseType(type)) {
    errors.push({ field: 'DB_TYPE', message: `must be sqlite3, postgres or mysql (got "${env.DB_TYPE}")` });
    return null;
  }
  if (type === 'sqlite3') {
    const file = (env.DB_FILE ?? '').trim() || DEFAULT_SQLITE_FILE;
    return { type, file: path.resolve(dataDir, file) };
  }
  const required = (name: 'DB_HOST' | 'DB_USERNAME' | 'DB_NAME') => {
    const value = (env[name] ?? '').trim();
    if (!value) errors.push({ field: name, message: `is required when DB_TYPE is ${type}` });
    return value;
  };
  const hostValue = required('DB_HOST');
  const user = required('DB_USERNAME');
  const name = required('DB_NAME');
  const hostPort = hostValue ? parseHostPort(hostValue, DEFAULT_PORTS[type]) : null;
  if (hostValue && !hostPort)
    errors.push({ field: 'DB_HOST', message: `must be host or host:port (got "${hostValue}")` });
  if (!hostPort || !user || !name) return null;
  return { type, host: hostPort.host, port: hostPort.port, user, password: env.DB_PASSWORD ?? '', name };
}

/**
 * Reads and checks the install variables. Throws InstallError invalid_input listing every bad
 * variable by name.
 */
export function installInputFromEnv(
  env: InstallEnv,
  dataDir: string,
): { database: DatabaseConfig; baseInfo: BaseInfoInput } {
  const errors: InstallFieldError[] = [];
  const database = databaseFromEnv(env, dataDir, errors);
  const baseInfo: BaseInfoInput = {
    lang: (env.LANGUAGE ?? '').trim() || 'en_US',
    site_name: env.SITE_NAME ?? '',
    site_url: env.SITE_URL ?? '',
    contact_email: env.CONTACT_EMAIL ?? '',
    name: env.ADMIN_NAME ?? '',
    password: env.ADMIN_PASSWORD ?? '',
    email: env.ADMIN_EMAIL ?? '',
  };
  for (const error of validateBaseInfo(baseInfo))
    errors.push({ field: VARIABLE_OF[error.field] ?? error.field, message: error.message });
  if (errors.length || !database) {
    const lines = errors.map((e) => `${e.field} ${e.message}`);
    throw new InstallError('invalid_input', `Invalid install settings: ${lines.join('; ')}`, errors);
  }
  return { database, baseInfo };
}

export function isAutoInstall(env: InstallEnv): boolean {
  return /^(true|1|yes|on)$/i.test((env.AUTO_INSTALL ?? '').trim());
}

export type AutoInstallResult = { status: 'skipped' } | InstallResult;

export interface EnvInstallOptions {
  dataDir: string;
  /** Default: AGORA_CONFIG from `env`, else <dataDir>/config.json. */
  configFile?: string;
  log?: (line: string) => void;
}

/**
 * Installs from install variables (`agora init` merges its flags into them). An installed site is
 * a no-op (`already-installed`) checked before the variables, so ADMIN_PASSWORD and the rest may be
 * removed once the site is installed. Throws InstallError on bad variables (naming each), an
 * unreachable database, or a database that already holds a site.
 */
export async function installFromEnv(env: InstallEnv, options: EnvInstallOptions): Promise<InstallResult> {
  const configFile = options.configFile ?? configFilePath(options.dataDir, env as NodeJS.ProcessEnv);
  const existing = readInstallRecord(configFile);
  if (existing) {
    return {
      status: 'already-installed',
      configFile,
      installedAt: existing.installed_at,
      message: `The site is already installed (since ${existing.installed_at}, config file ${configFile}); nothing was changed.`,
    };
  }
  const { database, baseInfo } = installInputFromEnv(env, options.dataDir);
  return installSite({ dataDir: options.dataDir, configFile, database, baseInfo, log: options.log });
}

/** installFromEnv when AUTO_INSTALL is true; otherwise `skipped` (the browser installer runs instead). */
export async function autoInstallFromEnv(env: InstallEnv, options: EnvInstallOptions): Promise<AutoInstallResult> {
  if (!isAutoInstall(env)) return { status: 'skipped' };
  return installFromEnv(env, options);
}
