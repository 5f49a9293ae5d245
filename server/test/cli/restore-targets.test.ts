import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createRestoreCommand } from '../../src/cli/commands/restore';
import { createUpgradeCommand } from '../../src/cli/commands/upgrade';
import { runCli } from '../../src/cli/main';
import { executedMigrations } from '../../src/cli/migrations';
import { siteTables } from '../../src/db/dump';
import type { AnyKysely } from '../../src/db/dump/introspect';
import { MIGRATIONS } from '../../src/db/migrations';
import { readSiteInfo } from '../../src/modules/site-info/store';
import { readInstallRecord } from '../../src/modules/install/config-file';
import { BASE_INFO, installedSite, tempDir } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { OK_NAME, OK_TABLE, okMigration } from './fixtures/test-migrations';
import { dump, fillSite, restore, withDatabase } from './dump-site';
import { captured, contents, dataDirFor, targetArgs } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe.each(available)('agora restore into $label', (target) => {
  it('refuses a database holding a site unless --force, which replaces its rows', async () => {
    const source = await installedSite(sqlite, { ...BASE_INFO, site_name: 'The Source' });
    const site = await installedSite(target, { ...BASE_INFO, site_name: 'The Target' });
    const work = tempDir('agora-restore-force-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'source.jsonl.gz');
      const original = await dump(source.dataDir, file);

      // The installed site (install record) is the target when no --db-* flag is given.
      const refused = captured();
      expect(await runCli(['restore', '--data-dir', site.dataDir, '--in', file], refused.io)).toBe(1);
      expect(refused.out[0]).toMatch(/into .* \(the installed site\)$/);
      expect(refused.err[0]).toMatch(/^The target database is not empty \(.*\buser: 1 rows\b.*\)\. .*--force/);
      expect(await readSiteInfo(site.database.db, 'general')).toMatchObject({ name: 'The Target' });

      const forced = captured();
      expect(await runCli(['restore', '--data-dir', site.dataDir, '--in', file, '--force'], forced.io)).toBe(0);
      expect(forced.out).toContain("--force: the rows of the site's tables are deleted and replaced by the dump.");
      expect(await readSiteInfo(site.database.db, 'general')).toMatchObject({ name: 'Agora — 社区 🦊' });
      const after = await dump(site.dataDir, path.join(work.dir, 'after.jsonl.gz'));
      expect(contents(after)).toEqual(contents(original));
    } finally {
      work.remove();
      await site.cleanup();
      await source.cleanup();
    }
  });

  it('brings a database a newer version migrated down to the dump, loads it, and migrates it up again', async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const data = dataDirFor(fresh.config);
    const work = tempDir('agora-restore-level-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = await dump(source.dataDir, file);
      // "A newer version": this one plus a test migration, which migrates the empty target first.
      const newer = { migrations: { ...MIGRATIONS, [OK_NAME]: okMigration } };
      expect(await runCli(['upgrade', '--data-dir', data.dir], captured().io, [createUpgradeCommand(newer)])).toBe(0);

      const args = targetArgs(fresh.config);
      const run = captured(args.env);
      const code = await runCli(['restore', '--data-dir', work.dir, '--in', file, ...args.flags], run.io, [
        createRestoreCommand(newer),
      ]);
      expect(run.err).toEqual([]);
      expect(code).toBe(0);
      const reverted = run.out.indexOf(`Schema: reverted ${OK_NAME} (newer than the dump; applied again below)`);
      const applied = run.out.indexOf(`Applied ${OK_NAME}`);
      const restored = run.out.findIndex((l) => l.startsWith('Restored '));
      expect(reverted).toBeGreaterThan(0);
      expect(applied).toBeGreaterThan(reverted);
      expect(restored).toBeGreaterThan(applied);
      await withDatabase(fresh.config, async (database) => {
        expect(await executedMigrations(database.db, fresh.config)).toEqual([
          ...Object.keys(MIGRATIONS).sort(),
          OK_NAME,
        ]);
        expect((await siteTables(database.db as unknown as AnyKysely)).map((t) => t.name)).toContain(OK_TABLE);
      });
      const after = await dump(work.dir, path.join(work.dir, 'after.jsonl.gz'), fresh.config);
      expect(after.header.migrations).toEqual([...original.header.migrations, OK_NAME]);
      expect(contents(after)).toEqual({ ...contents(original), [OK_TABLE]: [] });

      // This version cannot restore that dump: it does not know OK_NAME.
      const older = await restore(work.dir, path.join(work.dir, 'after.jsonl.gz'), fresh.config, ['--force']);
      expect(older.code).toBe(1);
      expect(older.err[0]).toMatch(new RegExp(`^The dump was made by a newer Agora .*${OK_NAME}`));
    } finally {
      work.remove();
      data.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('restores nothing from a dump that was cut short', async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const work = tempDir('agora-restore-cut-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'whole.jsonl.gz');
      await dump(source.dataDir, file);
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
      const cut = path.join(work.dir, 'cut.jsonl.gz');
      // Everything but the last table's rows and the end line: the first tables load, then it fails.
      writeFileSync(cut, gzipSync(`${lines.slice(0, -3).join('\n')}\n`));
      const result = await restore(work.dir, cut, fresh.config);
      expect(result.code).toBe(1);
      expect(result.err).toEqual([
        'The dump is incomplete (no end line): was the file cut short? Nothing was restored.',
      ]);
      await withDatabase(fresh.config, async ({ db }) => {
        const users = await db.selectFrom('user').select('id').execute();
        const config = await db.selectFrom('config').select('id').execute();
        expect([users.length, config.length]).toEqual([0, 0]);
      });
      // The schema is there and empty: the whole dump restores now without --force.
      expect((await restore(work.dir, file, fresh.config)).code).toBe(0);
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it("--update-config makes the restored database the site's database", async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const work = tempDir('agora-restore-switch-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      await dump(source.dataDir, file);
      const before = readInstallRecord(path.join(source.dataDir, 'config.json'))!;
      const result = await restore(source.dataDir, file, fresh.config, ['--update-config']);
      expect(result.code).toBe(0);
      expect(result.out.at(-1)).toMatch(/config\.json now names .*: restart the server to use it\.$/);
      const record = readInstallRecord(path.join(source.dataDir, 'config.json'))!;
      expect(record).toEqual({ database: fresh.config, installed_at: before.installed_at });
      const check = captured();
      expect(await runCli(['check', '--data-dir', source.dataDir], check.io)).toBe(0);
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });
});
