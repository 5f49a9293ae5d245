import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginRemote, RemoteEntry } from '@agora/shared-api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a remote's built files live and the URL path they are served under. */
export interface RemoteDeployment {
  name: string;
  /** Directory with the remote's dist (served by this server), or omitted when `entry` is absolute. */
  dir?: string;
  /** Manifest URL; defaults to `/remotes/<folder>/mf-manifest.json` for a served dir. */
  entry?: string;
}

export interface PluginDeployment extends RemoteDeployment {
  slug_name: string;
  module: string;
  label?: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Directory of the built shell (index.html + assets). */
  shellDir: string;
  remotes: RemoteDeployment[];
  plugins: PluginDeployment[];
  logLevel: string;
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
    remotes: Object.entries(CORE_REMOTE_DIRS).map(([name, folder]) => ({ name, dir: path.join(repoRoot, folder, 'dist') })),
    plugins: [],
    logLevel: 'info',
  };
}

/**
 * Defaults, then `<dataDir>/config.json`, then environment variables (AGORA_PORT, AGORA_HOST,
 * AGORA_DATA_DIR, AGORA_CONFIG for another file, AGORA_LOG_LEVEL).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const base = defaultConfig();
  const dataDir = path.resolve(env.AGORA_DATA_DIR ?? base.dataDir);
  const file = env.AGORA_CONFIG ? path.resolve(env.AGORA_CONFIG) : path.join(dataDir, 'config.json');
  const fromFile: Partial<ServerConfig> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerConfig>) : {};
  const fileDir = path.dirname(file);
  const resolveDir = <T extends RemoteDeployment>(r: T): T => (r.dir ? { ...r, dir: path.resolve(fileDir, r.dir) } : r);
  return {
    ...base,
    ...fromFile,
    dataDir,
    shellDir: fromFile.shellDir ? path.resolve(fileDir, fromFile.shellDir) : base.shellDir,
    remotes: (fromFile.remotes ?? base.remotes).map(resolveDir),
    plugins: (fromFile.plugins ?? []).map(resolveDir),
    host: env.AGORA_HOST ?? fromFile.host ?? base.host,
    port: env.AGORA_PORT ? Number(env.AGORA_PORT) : (fromFile.port ?? base.port),
    logLevel: env.AGORA_LOG_LEVEL ?? fromFile.logLevel ?? base.logLevel,
  };
}

/** URL folder a served remote lives under: /remotes/<slug>/ or /plugins/<slug>/. */
export function servedPath(kind: 'remotes' | 'plugins', key: string): string {
  return `/${kind}/${key.replace(/[^a-zA-Z0-9_-]/g, '-')}/`;
}

export function remoteListEntries(config: ServerConfig): { remotes: RemoteEntry[]; plugins: PluginRemote[] } {
  return {
    remotes: config.remotes.map((r) => ({ name: r.name, entry: r.entry ?? `${servedPath('remotes', r.name)}mf-manifest.json` })),
    plugins: config.plugins.map((p) => ({
      slug_name: p.slug_name,
      name: p.name,
      module: p.module,
      entry: p.entry ?? `${servedPath('plugins', p.slug_name)}mf-manifest.json`,
      ...(p.label ? { label: p.label } : {}),
    })),
  };
}
