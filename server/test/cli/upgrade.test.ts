import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUpgradeCommand } from '../../src/cli/commands/upgrade';
import { runCli } from '../../src/cli/main';
import { executedMigrations } from '../../src/cli/migrations';
import type { DatabaseConfig } from '../../src/db/config';
import { createDatabase } from '../../src/db/database';
import { siteTables, type TableInfo } from '../../src/db/dump';
import type { AnyKysely } from '../../src/db/dump/introspect';
import { MIGRATIONS } from '../../src/db/migrations';
import { installedSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { captured, dataDirFor, runBin, SERVER_DIR } from './helpers';
import {
  OK_NAME,
  OK_TABLE,
  okMigration,
  PROBE_NAME,
  PROBE_STARTED,
  PROBE_TABLE,
  probeMigration,
} from './fixtures/test-migrations';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const INITIAL = Object.keys(MIGRATIONS).sort();
const CHILD = path.join(SERVER_DIR, 'test/cli/fixtures/upgrade-child.ts');

/** What the database holds: migrations recorded, the site's tables, and the probe table's rows. */
async function inspect(config: DatabaseConfig) {
  const database = await createDatabase(config);
  try {
    const db = database.db as unknown as AnyKysely;
    const tables: TableInfo[] = await siteTables(db);
    const names = tables.map((t) => t.name);
    const probeRows = names.includes(PROBE_TABLE)
      ? await db.selectFrom(PROBE_TABLE).selectAll().orderBy('id').execute()
      : null;
    return { executed: await executedMigrations(database.db, config), tables: names, probeRows };
  } finally {
    await database.close();
  }
}

function upgradeWith(extra: Record<string, (typeof MIGRATIONS)[string]>) {
  return [createUpgradeCommand({ migrations: { ...MIGRATIONS, ...extra } })];
}

describe.each(available)('agora upgrade on $label', (target) => {
  const transactional = target.type !== 'mysql';

  it('applies pending migrations, prints them, and has nothing to do the second time', async () => {
    const fresh = await target.fresh();
    const data = dataDirFor(fresh.config);
    try {
      const first = captured();
      expect(await runCli(['upgrade', '--data-dir', data.dir], first.io)).toBe(0);
      expect(first.err).toEqual([]);
      expect(first.out).toContain(`Pending: ${INITIAL.join(', ')}`);
      expect(first.out).toContain(`Applied ${INITIAL[0]}`);
      expect(first.out.at(-1)).toBe(`Done: ${INITIAL.length} migration${INITIAL.length === 1 ? '' : 's'} applied.`);
      expect((await inspect(fresh.config)).executed).toEqual(INITIAL);

      const second = captured();
      expect(await runCli(['upgrade', '--data-dir', data.dir], second.io)).toBe(0);
      expect(second.out).toEqual([
        `Nothing to do: the database schema is up to date (${INITIAL.length} migration${INITIAL.length === 1 ? '' : 's'} applied).`,
      ]);
    } finally {
      data.remove();
      await fresh.drop();
    }
  });

  it('keeps the migrations before a failed one, and finishes the failed one when run again', async () => {
    const fresh = await target.fresh();
    const data = dataDirFor(fresh.config);
    try {
      const failing = captured();
      const code = await runCli(
        ['upgrade', '--data-dir', data.dir],
        failing.io,
        upgradeWith({ [OK_NAME]: okMigration, [PROBE_NAME]: probeMigration('fail') }),
      );
      expect(code).toBe(1);
      expect(failing.out).toEqual(expect.arrayContaining(INITIAL.map((n) => `Applied ${n}`)));
      expect(failing.out).toContain(`Applied ${OK_NAME}`);
      expect(failing.err[0]).toBe(`Migration ${PROBE_NAME} failed: the probe migration failed on purpose`);
      expect(failing.err[1]).toBe(`Applied before the failure (kept): ${[...INITIAL, OK_NAME].join(', ')}`);
      expect(failing.err[2]).toMatch(transactional ? /was rolled back/ : /MySQL cannot roll schema changes back/);

      const after = await inspect(fresh.config);
      expect(after.executed).toEqual([...INITIAL, OK_NAME]);
      expect(after.tables).toContain(OK_TABLE);
      // Each migration is its own step: the failed one is gone on PostgreSQL/SQLite, half done on MySQL.
      if (transactional) expect(after.probeRows).toBeNull();
      else expect(after.probeRows).toHaveLength(2);

      const again = captured();
      expect(
        await runCli(
          ['upgrade', '--data-dir', data.dir],
          again.io,
          upgradeWith({ [OK_NAME]: okMigration, [PROBE_NAME]: probeMigration('finish') }),
        ),
      ).toBe(0);
      expect(again.out).toEqual([
        expect.stringMatching(/^Database: /),
        `Pending: ${PROBE_NAME}`,
        `Applied ${PROBE_NAME}`,
        'Done: 1 migration applied.',
      ]);
      const done = await inspect(fresh.config);
      expect(done.executed).toEqual([...INITIAL, OK_NAME, PROBE_NAME]);
      expect(done.probeRows).toEqual([
        { id: 1, label: 'one' },
        { id: 2, label: 'two' },
      ]);
    } finally {
      data.remove();
      await fresh.drop();
    }
  });

  it('recovers from a process killed in the middle of a migration', async () => {
    const site = await installedSite(target);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, site.dataDir], {
        cwd: SERVER_DIR,
        env: { ...process.env, AGORA_CONFIG: '', AGORA_DATA_DIR: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.includes(PROBE_STARTED)) resolve();
        });
        child.on('exit', () => reject(new Error(`the child ended before the probe started: ${stdout}${stderr}`)));
      });
      expect(stdout).toContain(`Pending: ${PROBE_NAME}`);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const killed = await inspect(site.fresh.config);
      expect(killed.executed).toEqual(INITIAL);
      if (transactional) expect(killed.probeRows).toBeNull();
      else expect(killed.probeRows).toHaveLength(2);

      const rerun = captured();
      const commands = upgradeWith({ [PROBE_NAME]: probeMigration('finish') });
      expect(await runCli(['upgrade', '--data-dir', site.dataDir], rerun.io, commands)).toBe(0);
      expect(rerun.out).toContain(`Applied ${PROBE_NAME}`);
      const done = await inspect(site.fresh.config);
      expect(done.executed).toEqual([...INITIAL, PROBE_NAME]);
      expect(done.probeRows).toHaveLength(2);

      const idle = captured();
      expect(await runCli(['upgrade', '--data-dir', site.dataDir], idle.io, commands)).toBe(0);
      expect(idle.out[0]).toMatch(/^Nothing to do/);
    } finally {
      await site.cleanup();
    }
  });
});

describe('agora upgrade', () => {
  it('refuses a database upgraded by a newer version', async () => {
    const sqlite = available.find((d) => d.type === 'sqlite3')!;
    const site = await installedSite(sqlite);
    try {
      const newer = captured();
      expect(
        await runCli(
          ['upgrade', '--data-dir', site.dataDir],
          newer.io,
          upgradeWith({ [PROBE_NAME]: probeMigration('finish') }),
        ),
      ).toBe(0);
      // This version does not know PROBE_NAME.
      const older = captured();
      expect(await runCli(['upgrade', '--data-dir', site.dataDir], older.io)).toBe(1);
      expect(older.err[0]).toMatch(new RegExp(`does not know \\(${PROBE_NAME}\\)`));
    } finally {
      await site.cleanup();
    }
  });

  it('says what to do on a site that is not installed', async () => {
    const run = captured();
    expect(await runCli(['upgrade', '--data-dir', path.join(SERVER_DIR, 'test/cli/no-such-dir')], run.io)).toBe(1);
    expect(run.err[0]).toMatch(/The site is not installed .* Run "agora init" first\./);
  });

  it('runs as bin/agora.mjs: applies, then nothing to do', async () => {
    const sqlite = available.find((d) => d.type === 'sqlite3')!;
    const fresh = await sqlite.fresh();
    const data = dataDirFor(fresh.config);
    try {
      const first = await runBin(['upgrade', '--data-dir', data.dir]);
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toContain(`Applied ${INITIAL[0]}`);
      const second = await runBin(['upgrade', '--data-dir', data.dir]);
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/^Nothing to do: the database schema is up to date/);
      const usage = await runBin(['upgrade', '--data-dir', data.dir, '--bogus']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Unknown option '--bogus'[\s\S]*Usage: agora upgrade/);
    } finally {
      data.remove();
      await fresh.drop();
    }
  });
});
