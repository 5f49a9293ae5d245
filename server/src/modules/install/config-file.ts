import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Value } from 'typebox/value';
import { DatabaseConfig } from '../../db/config';
import { newOutboxKey } from '../../lib/sealed';
import { InstallError } from './errors';

/**
 * The installer's part of the config file (`<dataDir>/config.json`, or the file AGORA_CONFIG
 * names): where the database is and when the site was installed. The server's own settings live in
 * the same file; writing keeps them.
 */
export interface InstallRecord {
  database: DatabaseConfig;
  /** ISO 8601 time of the install. Its presence is what "installed" means. */
  installed_at: string;
}

/** The config file the server reads: AGORA_CONFIG, else config.json in the data directory. */
export function configFilePath(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.AGORA_CONFIG ? path.resolve(env.AGORA_CONFIG) : path.join(dataDir, 'config.json');
}

function readJson(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InstallError('config_file_failed', `Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InstallError('config_file_failed', `The config file ${file} does not hold a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** The install record, or null when the file is missing or the site is not installed yet. */
export function readInstallRecord(file: string): InstallRecord | null {
  const json = readJson(file);
  if (!json || json.installed_at === undefined) return null;
  if (typeof json.installed_at !== 'string' || !Value.Check(DatabaseConfig, json.database)) {
    throw new InstallError('config_file_failed', `The config file ${file} has an invalid "database" or "installed_at"`);
  }
  return { database: json.database, installed_at: json.installed_at };
}

/**
 * The database the browser installer's init step chose, before base-info finished the install: the
 * config file's `database` without `installed_at`. Null when there is none (or the site is installed).
 */
export function readPendingDatabase(file: string): DatabaseConfig | null {
  const json = readJson(file);
  if (!json || json.installed_at !== undefined || json.database === undefined) return null;
  if (!Value.Check(DatabaseConfig, json.database)) {
    throw new InstallError('config_file_failed', `The config file ${file} has an invalid "database"`);
  }
  return json.database;
}

/** The config file's JSON with `changes` applied (undefined removes a key), keeping every other key. */
export function configFileWith(file: string, changes: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = { ...(readJson(file) ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete json[key];
    else json[key] = value;
  }
  return json;
}

/** The text written to the config file (also what an operator is told to write by hand). */
export function configFileText(json: Record<string, unknown>): string {
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Writes the config file: a temporary file renamed over it, so a crash never leaves half a file, mode
 * 0600 (it holds the database password). When the folder is not writable but the file is (an operator
 * created it by hand), the file is rewritten in place.
 */
function writeConfigFile(file: string, json: Record<string, unknown>): void {
  const text = configFileText(json);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, text, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    if (!existsSync(file)) throw error;
    try {
      accessSync(file, constants.W_OK);
    } catch {
      throw error;
    }
    writeFileSync(file, text);
  }
}

function failedWrite(file: string, error: unknown): InstallError {
  if (error instanceof InstallError) return error;
  return new InstallError(
    'config_file_failed',
    `Cannot write the config file ${file}: ${(error as Error).message}`,
    [],
    { cause: error },
  );
}

/** Records the database the installer chose (no `installed_at`: the site is not installed yet). */
export function writePendingDatabase(file: string, database: DatabaseConfig): void {
  try {
    writeConfigFile(file, configFileWith(file, { database, installed_at: undefined }));
  } catch (error) {
    throw failedWrite(file, error);
  }
}

/**
 * The config file's `outbox_key` (the key that seals mail bodies in the outbox); when the file has none
 * (a site installed before keys existed), a new one is written to it (mode 0600) first.
 */
export function ensureOutboxKey(file: string): string {
  const existing = readJson(file)?.outbox_key;
  if (typeof existing === 'string') return existing;
  const key = newOutboxKey();
  try {
    writeConfigFile(file, configFileWith(file, { outbox_key: key }));
  } catch (error) {
    throw failedWrite(file, error);
  }
  return key;
}

/** Adds the install record (and an outbox key if there is none) to the config file, keeping every other key. */
export function writeInstallRecord(file: string, record: InstallRecord): void {
  try {
    const outbox_key = readJson(file)?.outbox_key ?? newOutboxKey();
    writeConfigFile(
      file,
      configFileWith(file, { outbox_key, database: record.database, installed_at: record.installed_at }),
    );
  } catch (error) {
    throw failedWrite(file, error);
  }
}
