import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RemoteList, type PluginRemote, type RemoteEntry } from '@agora/shared-api/contract';
import { Value } from 'typebox/value';
import { ConfigFile, LOG_LEVELS, type LogLevel, type PluginDeployment, type RemoteDeployment } from './config-schema';
import type { SiteOverrides } from './modules/settings/schema';
import { InvalidSettingsError, resolveSiteSettings } from './modules/settings/store';

export type { PluginDeployment, RemoteDeployment } from './config-schema';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Directory of the built shell (index.html + assets). */
  shellDir: string;
  remotes: RemoteDeployment[];
  plugins: PluginDeployment[];
  logLevel: LogLevel;
  maintenance: boolean;
  /** general.site_url unless the settings say otherwise. */
  siteUrl: string;
  /**
   * The config file's `siteUrl`, when the file names one: an https:// one makes the site HTTPS (session
   * cookie, HSTS) whatever the stored general.site_url says, and its origin passes the CSRF check.
   */
  fileSiteUrl?: string;
  /** Site settings overrides (the config file's `site`). */
  site: SiteOverrides;
  /** The built-in image captcha (the config file's `captcha`; no environment override). */
  captcha: { enabled: boolean; fixedText: string | null };
  /** The release feed of the dashboard's update check (the config file's `update_check_url`; '' none). */
  updateCheckUrl?: string;
  /** The file the configuration was read from, if any (for messages). */
  configFile?: string;
}

export const DEFAULT_PORT = 9080;

const CORE_REMOTE_DIRS: Record<string, string> = {
  mf_qa: 'mf-qa',
  mf_users: 'mf-users',
  mf_review: 'mf-review',
  mf_admin: 'mf-admin',
  mf_install: 'mf-install',
};

export function defaultConfig(): ServerConfig {
  return {
    host: '0.0.0.0',
    port: DEFAULT_PORT,
    dataDir: path.join(repoRoot, 'data'),
    shellDir: path.join(repoRoot, 'shell/dist'),
    remotes: Object.entries(CORE_REMOTE_DIRS).map(([name, folder]) => ({
      name,
      dir: path.join(repoRoot, folder, 'dist'),
    })),
    plugins: [],
    logLevel: 'info',
    maintenance: false,
    siteUrl: `http://localhost:${DEFAULT_PORT}`,
    site: {},
    captcha: { enabled: true, fixedText: null },
    updateCheckUrl: '',
  };
}

/** A configuration problem, worded for the operator; server.ts prints it and exits. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `/remotes/0/name` -> `remotes[0].name`. */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function readConfigFile(file: string): ConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  const errors = Value.Errors(ConfigFile, raw);
  if (errors.length > 0) {
    const lines = errors.slice(0, 5).map((e) => {
      const params = e.params as Record<string, unknown>;
      const extra =
        e.keyword === 'additionalProperties'
          ? (params.additionalProperties as string[] | undefined)?.join(', ')
          : e.keyword === 'required'
            ? (params.requiredProperties as string[] | undefined)?.join(', ')
            : undefined;
      const where = fieldPath(e.instancePath, extra) || '(top level)';
      const what = e.keyword === 'additionalProperties' ? 'unknown setting' : e.message;
      return `  ${where}: ${what}`;
    });
    throw new ConfigError(`Invalid config file ${file}:\n${lines.join('\n')}`);
  }
  return raw as ConfigFile;
}

function checkDeployments(config: ServerConfig, file: string | undefined): void {
  const where = file ? ` in ${file}` : '';
  const names = new Set<string>();
  const check = (label: string, item: { name: string; dir?: string; entry?: string }) => {
    if (!item.dir && !item.entry) throw new ConfigError(`${label} needs "dir" or "entry"${where}`);
    if (names.has(item.name))
      throw new ConfigError(`${label}: the federation name "${item.name}" is used twice${where}`);
    names.add(item.name);
  };
  config.remotes.forEach((r, i) => check(`remotes[${i}]`, r));
  const slugs = new Set<string>();
  config.plugins.forEach((p, i) => {
    check(`plugins[${i}]`, p);
    if (slugs.has(p.slug_name))
      throw new ConfigError(`plugins[${i}]: slug_name "${p.slug_name}" is used twice${where}`);
    slugs.add(p.slug_name);
  });
  const list = remoteListEntries(config);
  const error = Value.Errors(RemoteList, list)[0];
  if (error)
    throw new ConfigError(`The remote list is invalid at ${fieldPath(error.instancePath)}: ${error.message}${where}`);
}

function envPort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new ConfigError(`AGORA_PORT must be a port number between 0 and 65535 (got "${value}")`);
  }
  return Number(value);
}

function envLogLevel(value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`AGORA_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
  }
  return value as LogLevel;
}

function envFlag(name: string, value: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off|)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0 (got "${value}")`);
}

/**
 * Defaults, then the config file (`<dataDir>/config.json`, or the file AGORA_CONFIG names), then
 * environment variables: AGORA_PORT, AGORA_HOST, AGORA_DATA_DIR, AGORA_LOG_LEVEL, AGORA_MAINTENANCE.
 * The file is validated; a bad field stops start-up with a message that names it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const base = defaultConfig();
  const envDataDir = env.AGORA_DATA_DIR ? path.resolve(env.AGORA_DATA_DIR) : undefined;
  const file = env.AGORA_CONFIG ? path.resolve(env.AGORA_CONFIG) : path.join(envDataDir ?? base.dataDir, 'config.json');
  if (env.AGORA_CONFIG && !existsSync(file))
    throw new ConfigError(`AGORA_CONFIG names a file that does not exist: ${file}`);
  const fromFile: ConfigFile = existsSync(file) ? readConfigFile(file) : {};
  const fileDir = path.dirname(file);
  const resolveDir = <T extends { dir?: string }>(r: T): T => (r.dir ? { ...r, dir: path.resolve(fileDir, r.dir) } : r);
  const port = env.AGORA_PORT ? envPort(env.AGORA_PORT) : (fromFile.port ?? base.port);
  const config: ServerConfig = {
    host: env.AGORA_HOST || fromFile.host || base.host,
    port,
    dataDir: envDataDir ?? (fromFile.dataDir ? path.resolve(fileDir, fromFile.dataDir) : base.dataDir),
    shellDir: fromFile.shellDir ? path.resolve(fileDir, fromFile.shellDir) : base.shellDir,
    remotes: (fromFile.remotes ?? base.remotes).map(resolveDir),
    plugins: (fromFile.plugins ?? []).map(resolveDir),
    logLevel: env.AGORA_LOG_LEVEL ? envLogLevel(env.AGORA_LOG_LEVEL) : (fromFile.logLevel ?? base.logLevel),
    maintenance:
      env.AGORA_MAINTENANCE !== undefined
        ? envFlag('AGORA_MAINTENANCE', env.AGORA_MAINTENANCE)
        : (fromFile.maintenance ?? false),
    siteUrl: (fromFile.siteUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    ...(fromFile.siteUrl ? { fileSiteUrl: fromFile.siteUrl.replace(/\/+$/, '') } : {}),
    site: fromFile.site ?? {},
    captcha: { enabled: fromFile.captcha?.enabled ?? true, fixedText: fromFile.captcha?.fixed_text ?? null },
    updateCheckUrl: fromFile.update_check_url ?? base.updateCheckUrl,
    ...(existsSync(file) ? { configFile: file } : {}),
  };
  checkDeployments(config, config.configFile);
  try {
    resolveSiteSettings(config.site, config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidSettingsError) throw new ConfigError(`Invalid config file ${file}: ${error.message}`);
    throw error;
  }
  return config;
}

/** URL folder a served remote lives under: /remotes/<slug>/ or /plugins/<slug>/. */
export function servedPath(kind: 'remotes' | 'plugins', key: string): string {
  return `/${kind}/${key.replace(/[^a-zA-Z0-9_-]/g, '-')}/`;
}

/** The enabled plugins: the only ones the shell is told about. */
export function enabledPlugins(config: ServerConfig): PluginDeployment[] {
  return config.plugins.filter((p) => p.enabled !== false);
}

export function remoteListEntries(config: ServerConfig): { remotes: RemoteEntry[]; plugins: PluginRemote[] } {
  return {
    remotes: config.remotes.map((r) => ({
      name: r.name,
      entry: r.entry ?? `${servedPath('remotes', r.name)}mf-manifest.json`,
    })),
    plugins: enabledPlugins(config).map((p) => ({
      slug_name: p.slug_name,
      name: p.name,
      module: p.module,
      entry: p.entry ?? `${servedPath('plugins', p.slug_name)}mf-manifest.json`,
      ...(p.label ? { label: p.label } : {}),
    })),
  };
}

/** Origins of remotes and plugins loaded from elsewhere (absolute manifest URLs), for the CSP. */
export function externalOrigins(config: ServerConfig): string[] {
  const origins = new Set<string>();
  for (const item of [...config.remotes, ...enabledPlugins(config)]) {
    if (item.entry && /^https?:\/\//.test(item.entry)) origins.add(new URL(item.entry).origin);
  }
  return [...origins];
}
