import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig, DatabaseType } from '../../src/db/config';

/**
 * The databases the integration suite runs on. SQLite always; PostgreSQL and MariaDB/MySQL when a
 * server answers on loopback. Run directly (`pnpm --filter @agora/server test`), an unreachable one is
 * reported as SKIPPED; the README test command (scripts/run.mjs) requires both, so there a missing one
 * fails the run with a message naming the SQLite-only command.
 *
 * Environment:
 *   AGORA_TEST_DATABASES=sqlite3,postgres,mysql   run only these (default: all three; `sqlite` = sqlite3)
 *   AGORA_TEST_REQUIRE_DATABASES=postgres,mysql   fail instead of skipping when one is unreachable
 *   AGORA_TEST_PG=host:port, AGORA_TEST_PG_USER, AGORA_TEST_PG_PASSWORD, AGORA_TEST_PG_DATABASE (default test)
 *   AGORA_TEST_MYSQL=host:port, AGORA_TEST_MYSQL_USER (root), AGORA_TEST_MYSQL_PASSWORD, AGORA_TEST_MYSQL_DATABASE
 *   AGORA_TEST_ONE_DATABASE=1                     only the first of those (set by vitest.config.ts for the
 *                                                 suites whose assertions do not depend on the database)
 *
 * Each fresh() gives an isolated database: a temporary SQLite file, or a new PostgreSQL / MySQL
 * database (falling back to a new PostgreSQL schema, or to emptying the configured MySQL database,
 * when the account may not create databases). Test files run in parallel, so they never share one.
 */
export interface FreshDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export interface TestDatabase {
  type: DatabaseType;
  label: string;
  fresh(): Promise<FreshDatabase>;
}

export interface Coverage {
  available: TestDatabase[];
  skipped: string[];
}

const env = process.env;
const names = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s === 'sqlite' ? 'sqlite3' : s));
const wanted = names(env.AGORA_TEST_DATABASES ?? 'sqlite3,postgres,mysql');
const required = names(env.AGORA_TEST_REQUIRE_DATABASES ?? '').filter((type) => wanted.includes(type));

/** What a run that requires an unreachable database says: how to start it or leave it out. */
export function requiredMissingMessage(skip: string): string {
  return [
    `${skip.replace(/^SKIPPED: /, '')}, and this run requires it (AGORA_TEST_REQUIRE_DATABASES=${required.join(',')}).`,
    'Start PostgreSQL and MariaDB on loopback (or point AGORA_TEST_PG / AGORA_TEST_MYSQL at them),',
    'or run the suites on SQLite only: AGORA_TEST_DATABASES=sqlite npm test',
  ].join('\n');
}

function hostPort(value: string | undefined, port: number): { host: string; port: number } {
  const [host, p] = (value ?? `127.0.0.1:${port}`).split(':');
  return { host: host || '127.0.0.1', port: p ? Number(p) : port };
}

const uniqueName = () => `agora_t_${process.pid}_${randomBytes(4).toString('hex')}`;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

function sqlite(): TestDatabase {
  return {
    type: 'sqlite3',
    label: 'SQLite',
    fresh: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'agora-db-test-'));
      return {
        config: { type: 'sqlite3', file: path.join(dir, 'agora.sqlite3') },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  };
}

async function postgres(): Promise<TestDatabase | string> {
  const { default: pg } = await import('pg');
  const { host, port } = hostPort(env.AGORA_TEST_PG, 5432);
  const database = env.AGORA_TEST_PG_DATABASE ?? 'test';
  const password = env.AGORA_TEST_PG_PASSWORD ?? '';
  let lastError: unknown;
  for (const user of env.AGORA_TEST_PG_USER ? [env.AGORA_TEST_PG_USER] : ['postgres', 'root']) {
    const client = new pg.Client({ host, port, user, password, database, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
      await client.end();
      const admin = async (statement: string) => {
        const c = new pg.Client({ host, port, user, password, database });
        await c.connect();
        try {
          await c.query(statement);
        } finally {
          await c.end();
        }
      };
      // A database of its own per fresh() when allowed (like a real site), else a schema in `database`.
      let canCreate = true;
      const probe = uniqueName();
      try {
        await admin(`create database "${probe}"`);
        await admin(`drop database "${probe}"`);
      } catch {
        canCreate = false;
      }
      return {
        type: 'postgres',
        label: `PostgreSQL ${(rows[0]?.v ?? '').split(' ')[0]}`.trim(),
        fresh: async () => {
          const name = uniqueName();
          if (canCreate) {
            await admin(`create database "${name}"`);
            return {
              config: { type: 'postgres', host, port, user, password, name },
              drop: () => admin(`drop database if exists "${name}" with (force)`),
            };
          }
          await admin(`create schema "${name}"`);
          return {
            config: { type: 'postgres', host, port, user, password, name: database, schema: name },
            drop: () => admin(`drop schema if exists "${name}" cascade`),
          };
        },
      };
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
    }
  }
  return `SKIPPED: PostgreSQL unreachable at ${host}:${port} (${reason(lastError)})`;
}

async function mysql(): Promise<TestDatabase | string> {
  const { createConnection } = await import('mysql2/promise');
  const { host, port } = hostPort(env.AGORA_TEST_MYSQL, 3306);
  const user = env.AGORA_TEST_MYSQL_USER ?? 'root';
  const password = env.AGORA_TEST_MYSQL_PASSWORD ?? '';
  const database = env.AGORA_TEST_MYSQL_DATABASE ?? 'test';
  const connect = (db?: string) =>
    createConnection({ host, port, user, password, database: db, connectTimeout: 2_000 });
  let version: string;
  let canCreate = false;
  try {
    const conn = await connect(database);
    const [rows] = await conn.query('select version() as v');
    version = String((rows as { v: string }[])[0]?.v ?? '');
    const probe = uniqueName();
    try {
      await conn.query(`create database \`${probe}\``);
      await conn.query(`drop database \`${probe}\``);
      canCreate = true;
    } catch {
      canCreate = false;
    }
    await conn.end();
  } catch (error) {
    return `SKIPPED: MySQL/MariaDB unreachable at ${host}:${port} (${reason(error)})`;
  }
  const kind = /mariadb/i.test(version) ? 'MariaDB' : 'MySQL';
  return {
    type: 'mysql',
    label: `${kind} ${version.split('-')[0]}`,
    fresh: async () => {
      if (!canCreate) {
        // One shared database: start from an empty one (tests on it then cannot run in parallel).
        const conn = await connect(database);
        const [tables] = await conn.query('show tables');
        await conn.query('set foreign_key_checks = 0');
        for (const row of tables as Record<string, string>[])
          await conn.query(`drop table \`${Object.values(row)[0]}\``);
        await conn.end();
        return { config: { type: 'mysql', host, port, user, password, name: database }, drop: async () => undefined };
      }
      const name = uniqueName();
      const conn = await connect();
      await conn.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
      await conn.end();
      return {
        config: { type: 'mysql', host, port, user, password, name },
        drop: async () => {
          const c = await connect();
          await c.query(`drop database if exists \`${name}\``);
          await c.end();
        },
      };
    },
  };
}

let coverage: Promise<Coverage> | undefined;

/** Probes once per test file and prints which databases are covered and which were skipped. */
export function testDatabases(): Promise<Coverage> {
  coverage ??= (async () => {
    const probes: Array<[DatabaseType, () => Promise<TestDatabase | string>]> = [
      ['sqlite3', async () => sqlite()],
      ['postgres', postgres],
      ['mysql', mysql],
    ];
    const available: TestDatabase[] = [];
    const skipped: string[] = [];
    const one = env.AGORA_TEST_ONE_DATABASE === '1';
    for (const [type, probe] of probes) {
      if (!wanted.includes(type)) continue;
      if (one && available.length > 0) break;
      const result = await probe();
      if (typeof result === 'string') {
        if (required.includes(type)) throw new Error(requiredMissingMessage(result));
        skipped.push(result);
      } else {
        available.push(result);
      }
    }
    for (const line of skipped) console.warn(line);
    console.info(`Databases covered: ${available.map((d) => d.label).join(', ') || 'none'}`);
    return { available, skipped };
  })();
  return coverage;
}

/**
 * Vitest global setup: when databases are required, probe them once before any test file runs, so a
 * missing one stops the whole run with one message instead of failing every file. The run's temporary
 * files go under one directory of its own (TMPDIR, which the workers and the processes tests start
 * inherit), removed when the run ends: what a test or a worker leaves behind (a worker's template site)
 * never piles up in the system's temporary directory.
 */
export async function setup(): Promise<() => void> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'agora-test-run-'));
  process.env.TMPDIR = runDir;
  if (required.length > 0) await testDatabases();
  return () => rmSync(runDir, { recursive: true, force: true });
}
