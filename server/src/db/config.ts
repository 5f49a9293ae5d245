import path from 'node:path';
import { Type, type Static } from 'typebox';

/** The database kinds, named as Answer's installer names them (`db_type`). */
export const DATABASE_TYPES = ['sqlite3', 'postgres', 'mysql'] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** Default ports for `host:port` values that leave the port out. */
export const DEFAULT_PORTS: Record<Exclude<DatabaseType, 'sqlite3'>, number> = { postgres: 5432, mysql: 3306 };

/**
 * TLS to a database server, as Answer's installer offers it: `require` encrypts without checking the
 * certificate, `verify-ca` checks it against `ca`, `verify-full` also checks the host name.
 * PEM contents (not file names) for ca/cert/key.
 */
export const DatabaseSsl = Type.Object(
  {
    mode: Type.Union([Type.Literal('require'), Type.Literal('verify-ca'), Type.Literal('verify-full')]),
    ca: Type.Optional(Type.String()),
    cert: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type DatabaseSsl = Static<typeof DatabaseSsl>;

export const SqliteConfig = Type.Object(
  {
    type: Type.Literal('sqlite3'),
    /** The database file; a relative path is relative to the data directory (see resolveDatabaseConfig). */
    file: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

export const ServerDatabaseConfig = Type.Object(
  {
    type: Type.Union([Type.Literal('postgres'), Type.Literal('mysql')]),
    host: Type.String({ minLength: 1 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    user: Type.String({ minLength: 1 }),
    password: Type.String(),
    /** The database name. */
    name: Type.String({ minLength: 1 }),
    /** PostgreSQL only: the schema to use (default `public`). */
    schema: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' })),
    ssl: Type.Optional(DatabaseSsl),
  },
  { additionalProperties: false },
);

/** `database` in the config file: where the site's data lives. */
export const DatabaseConfig = Type.Union([SqliteConfig, ServerDatabaseConfig]);
export type DatabaseConfig = Static<typeof DatabaseConfig>;
export type SqliteConfig = Static<typeof SqliteConfig>;
export type ServerDatabaseConfig = Static<typeof ServerDatabaseConfig>;

export function isDatabaseType(value: string): value is DatabaseType {
  return (DATABASE_TYPES as readonly string[]).includes(value);
}

/**
 * `host`, `host:port`, `[v6]:port` -> host and port (Answer's `db_host`). Returns null when the
 * value cannot be a host, or the port is not 1..65535.
 */
export function parseHostPort(value: string, defaultPort: number): { host: string; port: number } | null {
  const text = value.trim();
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:/[\]]+))(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const host = match[1] ?? match[2] ?? '';
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  if (!host || port < 1 || port > 65535) return null;
  return { host, port };
}

/** A relative SQLite file becomes absolute under the data directory; other configs are returned as they are. */
export function resolveDatabaseConfig(config: DatabaseConfig, dataDir: string): DatabaseConfig {
  if (config.type !== 'sqlite3' || config.file === ':memory:') return config;
  return { ...config, file: path.resolve(dataDir, config.file) };
}

/** A one-line description for logs and messages: never the password. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.type === 'sqlite3') return `SQLite file ${config.file}`;
  const kind = config.type === 'postgres' ? 'PostgreSQL' : 'MySQL';
  const schema = config.type === 'postgres' && config.schema ? ` (schema ${config.schema})` : '';
  return `${kind} database "${config.name}"${schema} at ${config.host}:${config.port} as ${config.user}`;
}
