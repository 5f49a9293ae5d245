import path from 'node:path';
import { DEFAULT_PORTS, isDatabaseType, parseHostPort, resolveDatabaseConfig, type DatabaseConfig } from '../db/config';
import { DEFAULT_SQLITE_FILE } from '../modules/install/env';
import { UsageError, type CliContext, type CommandArgs, type OptionsConfig } from './context';

/**
 * Naming a database other than the installed site's (dump, restore): flags, or the variables the
 * unattended install uses (Answer's names). Flags win over variables, one by one.
 */
const TARGET_FLAGS = {
  'db-type': 'DB_TYPE',
  'db-file': 'DB_FILE',
  'db-host': 'DB_HOST',
  'db-username': 'DB_USERNAME',
  'db-password': 'DB_PASSWORD',
  'db-name': 'DB_NAME',
  'db-schema': 'DB_SCHEMA',
} as const;
type TargetFlag = keyof typeof TARGET_FLAGS;

export const DATABASE_TARGET_OPTIONS: OptionsConfig = Object.fromEntries(
  Object.keys(TARGET_FLAGS).map((flag) => [flag, { type: 'string' }]),
);

export const DATABASE_TARGET_HELP = [
  'The database is the installed site\'s (the config file\'s "database"), unless --db-type or DB_TYPE names another:',
  '  --db-type sqlite3 [--db-file F]          F relative to the data directory (default agora.sqlite3)',
  '  --db-type postgres|mysql --db-host H[:P] --db-username U --db-name N [--db-schema S (PostgreSQL)]',
  '  Each flag can be an environment variable instead: DB_TYPE, DB_FILE, DB_HOST, DB_USERNAME, DB_PASSWORD,',
  '  DB_NAME, DB_SCHEMA (flags win). Give the password as DB_PASSWORD rather than --db-password (ps shows flags).',
];

export interface DatabaseTarget {
  config: DatabaseConfig;
  /** Where the choice came from, for messages. */
  source: 'install record' | 'flags' | 'environment';
}

/** The database a dump or restore works on: named by flags/variables, else the installed site's. */
export function databaseTarget({ values }: CommandArgs, ctx: CliContext): DatabaseTarget {
  const value = (flag: TargetFlag): string => {
    const given = values[flag];
    if (typeof given === 'string') return given.trim();
    return (ctx.io.env[TARGET_FLAGS[flag]] ?? '').trim();
  };
  const typeFlag = values['db-type'];
  const type = value('db-type');
  if (!type) {
    const stray = (Object.keys(TARGET_FLAGS) as TargetFlag[]).filter((f) => typeof values[f] === 'string');
    if (stray.length) throw new UsageError(`--${stray[0]} needs --db-type (or DB_TYPE)`);
    return { config: ctx.installedDatabase(), source: 'install record' };
  }
  const source = typeof typeFlag === 'string' ? 'flags' : 'environment';
  const name = (flag: TargetFlag) => (source === 'flags' ? `--${flag}` : TARGET_FLAGS[flag]);
  if (!isDatabaseType(type))
    throw new UsageError(`${name('db-type')} must be sqlite3, postgres or mysql (got "${type}")`);
  if (type === 'sqlite3') {
    const file = value('db-file') || DEFAULT_SQLITE_FILE;
    return { config: resolveDatabaseConfig({ type, file: path.resolve(ctx.dataDir, file) }, ctx.dataDir), source };
  }
  const missing = (['db-host', 'db-username', 'db-name'] as const).filter((flag) => !value(flag));
  if (missing.length) {
    throw new UsageError(`${missing.map(name).join(', ')} ${missing.length > 1 ? 'are' : 'is'} required for ${type}`);
  }
  const hostPort = parseHostPort(value('db-host'), DEFAULT_PORTS[type]);
  if (!hostPort) throw new UsageError(`${name('db-host')} must be host or host:port (got "${value('db-host')}")`);
  const schema = value('db-schema');
  if (schema && type !== 'postgres') throw new UsageError(`${name('db-schema')} is for PostgreSQL only`);
  if (schema && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new UsageError(`${name('db-schema')} must be a plain identifier (got "${schema}")`);
  }
  const password = typeof values['db-password'] === 'string' ? values['db-password'] : (ctx.io.env.DB_PASSWORD ?? '');
  return {
    config: {
      type,
      host: hostPort.host,
      port: hostPort.port,
      user: value('db-username'),
      password,
      name: value('db-name'),
      ...(schema ? { schema } : {}),
    },
    source,
  };
}
