import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import {
  Kysely,
  MysqlDialect,
  PostgresDialect,
  sql,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Dialect,
  type MigrationLockOptions,
  type MysqlPool,
} from 'kysely';
import {
  describeDatabase,
  type DatabaseConfig,
  type DatabaseSsl,
  type DatabaseType,
  type ServerDatabaseConfig,
} from './config';
import { mysqlIdSource, postgresIdSource, registerIdSource } from './id-source';
import type { DB } from './schema';

/** An open database: the query builder, its kind, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  type: DatabaseType;
  config: DatabaseConfig;
  /** Closes every connection (SQLite: also checkpoints the WAL). Safe to call twice. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connections in the pool (PostgreSQL, MySQL). Default 10. */
  poolSize?: number;
  /** Gives up connecting after this long (PostgreSQL, MySQL). Default 10 s. */
  connectTimeoutMs?: number;
  /** SQLite: how long a writer waits for another process's lock before SQLITE_BUSY. Default 5 s. */
  busyTimeoutMs?: number;
  /**
   * PostgreSQL, MySQL: a statement that waits longer than this for a row lock fails instead of waiting
   * on (the id counters' connection uses it, so a mistake surfaces as an error, never as a hang).
   */
  lockTimeoutMs?: number;
  /** Called for errors on idle pooled connections (a dropped server); without it they are ignored, never fatal. */
  onPoolError?: (error: Error) => void;
}

/** PostgreSQL int8 (oid 20): a number when it fits exactly, else the decimal string. */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

function tlsOptions(ssl: DatabaseSsl | undefined): TlsOptions | undefined {
  if (!ssl) return undefined;
  if (ssl.mode === 'require') return { rejectUnauthorized: false };
  return {
    rejectUnauthorized: true,
    ...(ssl.ca ? { ca: ssl.ca } : {}),
    ...(ssl.cert ? { cert: ssl.cert } : {}),
    ...(ssl.key ? { key: ssl.key } : {}),
    // verify-ca trusts the certificate chain but not the name in it.
    ...(ssl.mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
  };
}

/**
 * Kysely assumes one process per SQLite file and takes no migration lock there. The server and the
 * CLI can both open the file, so migrations run in one transaction (SQLite's DDL is transactional)
 * whose first statement writes the lock row: a second runner waits for the first to commit, then
 * sees its migrations as done. An interrupted migration leaves nothing behind.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`update ${sql.table(options.lockTable)} set is_locked = 1 where id = ${options.lockRowId}`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`update ${sql.table(options.lockTable)} set is_locked = 0 where id = ${options.lockRowId}`.execute(db);
  }
}

class AgoraSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}

/**
 * The SQLite file holds password and session hashes: it is created mode 0600, like config.json, and an
 * existing one (with its WAL and shared-memory files) is narrowed to 0600. SQLite gives the -wal and
 * -shm files it creates the database file's mode.
 */
function keepPrivate(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(name).mode & 0o077) !== 0) chmodSync(name, 0o600);
    } catch {
      // Missing (no WAL yet) or not ours to change: SQLite's own checks apply.
    }
  }
}

async function sqliteDialect(file: string, options: DatabaseOptions): Promise<Dialect> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true });
    keepPrivate(file);
  }
  const database = new SQLite(file, { timeout: options.busyTimeoutMs ?? 5_000 });
  // WAL: readers never block the writer; NORMAL sync is crash-safe for the process in WAL mode.
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5_000)}`);
  return new AgoraSqliteDialect({ database });
}

/** Per-connection settings: the schema, and the lock timeout of the id counters' connection. */
function pgOptions(config: ServerDatabaseConfig, options: DatabaseOptions): string {
  return [
    config.schema ? `-c search_path=${config.schema}` : '',
    options.lockTimeoutMs ? `-c lock_timeout=${Math.trunc(options.lockTimeoutMs)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

async function postgresDialect(config: ServerDatabaseConfig, options: DatabaseOptions) {
  const { default: pg } = await import('pg');
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  // pg's pool applies its connectionTimeoutMillis to connecting and also to waiting for a free connection:
  // a burst of requests on a full pool (200 votes on one post) would then fail after that wait. Only
  // connecting is bounded, by each client; a request waits its turn for a connection, as mysql2's pool does.
  class BoundedConnectClient extends pg.Client {
    constructor(settings?: ConstructorParameters<typeof pg.Client>[0]) {
      super({ ...(typeof settings === 'object' ? settings : {}), connectionTimeoutMillis: connectTimeout });
    }
  }
  const pool = new pg.Pool({
    Client: BoundedConnectClient,
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.name,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 0,
    ssl: tlsOptions(config.ssl),
    ...(pgOptions(config, options) ? { options: pgOptions(config, options) } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 && format !== 'binary'
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose server went away emits 'error'; unhandled, that would end the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  return new PostgresDialect({ pool });
}

async function mysqlDialect(config: ServerDatabaseConfig, options: DatabaseOptions) {
  const { createPool } = await import('mysql2');
  const pool = createPool({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.name,
    connectionLimit: options.poolSize ?? 10,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    charset: 'utf8mb4',
    // BIGINT as a number when it fits exactly, else a string (the same rule as PostgreSQL above).
    supportBigNumbers: true,
    bigNumberStrings: false,
    ...(config.ssl ? { ssl: tlsOptions(config.ssl) as Record<string, unknown> } : {}),
  });
  pool.on('connection', (connection) => {
    connection.on('error', (error: Error) => options.onPoolError?.(error));
    // The pool queues its queries behind this one on the same connection.
    if (options.lockTimeoutMs) {
      connection.query(
        `set session innodb_lock_wait_timeout = ${Math.max(1, Math.ceil(options.lockTimeoutMs / 1000))}`,
      );
    }
  });
  // mysql2's callback pool is what Kysely drives; their typings disagree on overloads only.
  return new MysqlDialect({ pool: pool as unknown as MysqlPool });
}

/**
 * Opens a database (no query is sent yet; the first query connects). SQLite runs in WAL mode with
 * foreign keys on and a busy timeout; PostgreSQL and MySQL get a small pool.
 */
export async function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Promise<Database> {
  const dialect =
    config.type === 'sqlite3'
      ? await sqliteDialect(config.file, options)
      : config.type === 'postgres'
        ? await postgresDialect(config, options)
        : await mysqlDialect(config, options);
  const db = new Kysely<DB>({ dialect });
  // The id counters' own connection (db/id-source.ts); a pool connects on its first query only.
  let counters: Kysely<DB> | undefined;
  if (config.type !== 'sqlite3') {
    const single = { ...options, poolSize: 1, lockTimeoutMs: 5_000 };
    counters = new Kysely<DB>({
      dialect: config.type === 'postgres' ? await postgresDialect(config, single) : await mysqlDialect(config, single),
    });
    registerIdSource(db, config.type === 'postgres' ? postgresIdSource(counters) : mysqlIdSource(counters));
  }
  let closed: Promise<void> | undefined;
  return {
    db,
    type: config.type,
    config,
    close: () => (closed ??= Promise.all([db.destroy(), counters?.destroy()]).then(() => undefined)),
  };
}

export type ConnectionCheck = { ok: true } | { ok: false; error: string };

/**
 * Can we reach and use this database? For the installer's db/check and the CLI's check. Opens,
 * runs `SELECT 1`, closes. The error text is the driver's (for the operator), prefixed with what
 * was tried; it never contains the password.
 */
export async function checkConnection(config: DatabaseConfig, options: DatabaseOptions = {}): Promise<ConnectionCheck> {
  let database: Database | undefined;
  try {
    database = await createDatabase(config, { connectTimeoutMs: 5_000, ...options, poolSize: 1 });
    await sql`select 1`.execute(database.db);
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const safe = config.type === 'sqlite3' || !config.password ? message : message.split(config.password).join('***');
    return {
      ok: false,
      error: `${describeDatabase(config)}: ${safe || (error as { code?: string }).code || 'failed'}`,
    };
  } finally {
    await database?.close().catch(() => undefined);
  }
}
