import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InstallDbBody } from '@agora/shared-api/contract';
import { DEFAULT_PORTS, parseHostPort, type DatabaseConfig, type DatabaseSsl } from '../../db/config';
import { checkConnection } from '../../db/database';
import type { FieldFailure } from '../../lib/api-failure';
import { DEFAULT_SQLITE_FILE } from './env';

export type DatabaseInput = { ok: true; database: DatabaseConfig } | { ok: false; fields: FieldFailure[] };

/**
 * A SQLite file the browser installer may name: a bare file name (letters, digits, `_`, `-`, `.`, not
 * starting with a dot), kept in the data directory. The installer answers anyone who reaches the site
 * before it is installed: a path would tell them which files exist and which folders are writable, and
 * let init create a database wherever the process may write. The operator's own channels (AUTO_INSTALL's
 * DB_FILE, the CLI's --db-file) still take a path.
 */
export const SQLITE_FILE_NAME = /^[\w-][\w.-]{0,254}$/;

/**
 * The installer's database form -> a database config. SQLite: `db_file` (default agora.sqlite3), a
 * file name (SQLITE_FILE_NAME) in the data directory. PostgreSQL / MySQL: `db_host` as host or host:port (default port
 * 5432 / 3306), `db_username` and `db_name` required, `db_password` may be empty. TLS: with
 * `ssl_enabled`, `ssl_mode` (default `require`) and PEM texts (not file names) in ssl_root_cert,
 * ssl_cert and ssl_key.
 */
export function databaseFromBody(body: InstallDbBody, dataDir: string): DatabaseInput {
  const fields: FieldFailure[] = [];
  if (body.db_type === 'sqlite3') {
    const file = (body.db_file ?? '').trim() || DEFAULT_SQLITE_FILE;
    if (!SQLITE_FILE_NAME.test(file)) {
      return { ok: false, fields: [{ field: 'db_file', reason: 'error.install.db_file_name_invalid' }] };
    }
    return { ok: true, database: { type: 'sqlite3', file: path.join(path.resolve(dataDir), file) } };
  }
  const required = (field: 'db_host' | 'db_username' | 'db_name') => {
    const value = (body[field] ?? '').trim();
    if (!value) fields.push({ field, reason: 'validation.required' });
    return value;
  };
  const hostValue = required('db_host');
  const user = required('db_username');
  const name = required('db_name');
  const hostPort = hostValue ? parseHostPort(hostValue, DEFAULT_PORTS[body.db_type]) : null;
  if (hostValue && !hostPort) fields.push({ field: 'db_host', reason: 'error.install.db_host_invalid' });
  if (fields.length || !hostPort) return { ok: false, fields };
  let ssl: DatabaseSsl | undefined;
  if (body.ssl_enabled) {
    const pem = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    const ca = pem(body.ssl_root_cert);
    const cert = pem(body.ssl_cert);
    const key = pem(body.ssl_key);
    ssl = {
      mode: body.ssl_mode ?? 'require',
      ...(ca ? { ca } : {}),
      ...(cert ? { cert } : {}),
      ...(key ? { key } : {}),
    };
  }
  return {
    ok: true,
    database: {
      type: body.db_type,
      host: hostPort.host,
      port: hostPort.port,
      user,
      password: body.db_password ?? '',
      name,
      ...(ssl ? { ssl } : {}),
    },
  };
}

/** Why a connection failed, in words an installer can show (error.database.cause.*). */
export type ConnectionCause = 'unreachable' | 'auth' | 'no_database' | 'file' | 'tls' | 'other';

/** Sorts a driver's error text (checkConnection's `error`) into a cause. */
export function connectionCause(database: DatabaseConfig, error: string): ConnectionCause {
  if (database.type === 'sqlite3') return 'file';
  if (
    /password authentication failed|access denied|pg_hba\.conf|authentication failed|role "[^"]*" does not exist|28P01|28000|ER_ACCESS_DENIED/i.test(
      error,
    )
  )
    return 'auth';
  if (/database "[^"]*" does not exist|unknown database|3D000|ER_BAD_DB_ERROR/i.test(error)) return 'no_database';
  if (/\b(ssl|tls)\b|certificate|self[- ]signed/i.test(error)) return 'tls';
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET|timeout|timed out|terminated unexpectedly|connection terminated/i.test(
      error,
    )
  )
    return 'unreachable';
  return 'other';
}

/** The closest folder of `file` that exists (the one a new file or folder would be created in). */
function existingAncestor(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dir;
}

export type DatabaseCheck = { ok: true } | { ok: false; cause: ConnectionCause; error: string };

/**
 * Can the site use this database? Servers: connect and run `select 1`. SQLite: an existing file is
 * opened the same way; a missing one is NOT created (db/check only looks): its folder, or the closest
 * existing parent folder, must be writable.
 */
export async function checkDatabase(database: DatabaseConfig): Promise<DatabaseCheck> {
  if (database.type === 'sqlite3' && !existsSync(database.file)) {
    const dir = existingAncestor(database.file);
    try {
      if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
      accessSync(dir, constants.W_OK);
      return { ok: true };
    } catch (error) {
      return { ok: false, cause: 'file', error: `SQLite file ${database.file}: ${(error as Error).message}` };
    }
  }
  const check = await checkConnection(database);
  return check.ok ? { ok: true } : { ok: false, cause: connectionCause(database, check.error), error: check.error };
}
