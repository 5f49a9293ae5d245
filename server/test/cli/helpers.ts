import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { DatabaseConfig } from '../../src/db/config';
import type { DumpHeader } from '../../src/db/dump';
import { writeInstallRecord } from '../../src/modules/install/config-file';
import { tempDir } from '../accounts/helpers';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(SERVER_DIR, 'bin/agora.mjs');
const execFileAsync = promisify(execFile);

export interface Captured {
  io: { stdout(line: string): void; stderr(line: string): void; env: NodeJS.ProcessEnv };
  out: string[];
  err: string[];
}

/** A CliIo that records what a command prints. */
export function captured(env: NodeJS.ProcessEnv = {}): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env }, out, err };
}

/** `--db-*` flags naming a database, and the environment carrying its password. */
export function targetArgs(config: DatabaseConfig): { flags: string[]; env: NodeJS.ProcessEnv } {
  if (config.type === 'sqlite3') return { flags: ['--db-type', 'sqlite3', '--db-file', config.file], env: {} };
  return {
    flags: [
      '--db-type',
      config.type,
      '--db-host',
      `${config.host}:${config.port}`,
      '--db-username',
      config.user,
      '--db-name',
      config.name,
      ...(config.type === 'postgres' && config.schema ? ['--db-schema', config.schema] : []),
    ],
    env: { DB_PASSWORD: config.password },
  };
}

/** A data directory whose config file says the site is installed on `database` (migrated or not). */
export function dataDirFor(database: DatabaseConfig): { dir: string; remove(): void } {
  const data = tempDir('agora-cli-');
  writeInstallRecord(path.join(data.dir, 'config.json'), { database, installed_at: '2026-01-02T03:04:05.000Z' });
  return data;
}

export interface ParsedDump {
  header: DumpHeader;
  tables: Record<string, unknown[][]>;
  trailer: { end: true; rows: Record<string, number> };
}

/** Reads a dump file written by `agora dump` (gzipped JSON Lines). */
export function readDump(file: string): ParsedDump {
  const lines = gunzipSync(readFileSync(file))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  const [header, ...rest] = lines;
  const tables: Record<string, unknown[][]> = {};
  let current: unknown[][] | undefined;
  let trailer: ParsedDump['trailer'] | undefined;
  for (const line of rest) {
    if (Array.isArray(line)) current!.push(line);
    else if (typeof line.table === 'string') tables[line.table] = current = [];
    else trailer = line;
  }
  return { header, tables, trailer: trailer! };
}

/** Table contents in a canonical order (each database pages by its own key order). */
export function contents(dump: ParsedDump): Record<string, unknown[][]> {
  return Object.fromEntries(
    Object.entries(dump.tables).map(([name, rows]) => [
      name,
      [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
    ]),
  );
}

/** Runs bin/agora.mjs as a real process; resolves with its exit code and output. */
export async function runBin(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [BIN, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, AGORA_CONFIG: '', AGORA_DATA_DIR: '', DB_TYPE: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
