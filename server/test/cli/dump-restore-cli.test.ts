import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main';
import { formatObjectId, newObjectId, nextId } from '../../src/db/ids';
import { installedSite, tempDir } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { counters, dump, fillSite, restore, withDatabase } from './dump-site';
import { captured, contents, runBin } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe('agora dump / restore', () => {
  it('brings a lagging id counter in line with the ids in use', async () => {
    const source = await installedSite(sqlite);
    const fresh = await sqlite.fresh();
    const work = tempDir('agora-restore-counter-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = counters(await dump(source.dataDir, file));
      expect(original.user).toBe(3);
      // A hand-edited dump whose counters are behind (user 3 -> 1, uniqid -> 0).
      const text = gunzipSync(readFileSync(file))
        .toString('utf8')
        .replace('["user",3]', '["user",1]')
        .replace(`["uniqid",${original.uniqid}]`, '["uniqid",0]');
      const edited = path.join(work.dir, 'edited.jsonl');
      writeFileSync(edited, text); // plain JSON Lines are accepted too
      const result = await restore(work.dir, edited, fresh.config);
      expect(result.code).toBe(0);
      expect(result.out).toContain('Adjusted counter user: raised from 1 to the highest user.id');
      expect(result.out).toContain('Adjusted counter uniqid: raised from 0 to the highest uniqid.id');
      await withDatabase(fresh.config, async ({ db }) => {
        expect(await nextId(db, 'user')).toBe(4);
        expect(await newObjectId(db, 'tag')).toBe(formatObjectId('tag', original.uniqid + 1));
      });
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('refuses what it cannot restore, and usage mistakes', async () => {
    const source = await installedSite(sqlite);
    const fresh = await sqlite.fresh();
    const work = tempDir('agora-restore-refuse-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const parsed = await dump(source.dataDir, file);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const exists = captured();
      expect(await runCli(['dump', '--data-dir', source.dataDir, '--out', file], exists.io)).toBe(1);
      expect(exists.err[0]).toBe(`${file} exists: choose another name, or add --force to overwrite it.`);
      const overwrite = captured();
      expect(await runCli(['dump', '--data-dir', source.dataDir, '--out', file, '--force'], overwrite.io)).toBe(0);

      const write = (name: string, header: object) => {
        const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
        lines[0] = JSON.stringify({ ...parsed.header, ...header });
        writeFileSync(path.join(work.dir, name), gzipSync(lines.join('\n')));
        return path.join(work.dir, name);
      };
      const newer = await restore(
        work.dir,
        write('newer.gz', { migrations: [...parsed.header.migrations, '20990101000000_future'], app_version: '9.0.0' }),
        fresh.config,
      );
      expect(newer.code).toBe(1);
      expect(newer.err[0]).toMatch(/^The dump was made by a newer Agora \(9\.0\.0\): .*20990101000000_future/);
      const format = await restore(work.dir, write('format.gz', { format_version: 99 }), fresh.config);
      expect(format.err[0]).toMatch(/has format version 99; this Agora reads up to 1/);
      const notDump = await restore(work.dir, path.join(source.dataDir, 'config.json'), fresh.config);
      expect(notDump.err[0]).toMatch(/This is not an Agora dump/);

      const usage = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
        const run = captured(env);
        return { code: await runCli(args, run.io), message: run.err[0] };
      };
      expect(await usage(['dump'])).toEqual({ code: 2, message: '--out is required' });
      expect(await usage(['restore'])).toEqual({ code: 2, message: '--in is required' });
      expect(await usage(['restore', '--in', file, '--db-host', 'x'])).toEqual({
        code: 2,
        message: '--db-host needs --db-type (or DB_TYPE)',
      });
      expect(await usage(['restore', '--in', file, '--db-type', 'postgres', '--db-host', 'x'])).toEqual({
        code: 2,
        message: '--db-username, --db-name are required for postgres',
      });
      expect(await usage(['restore', '--in', file], { DB_TYPE: 'oracle' })).toEqual({
        code: 2,
        message: 'DB_TYPE must be sqlite3, postgres or mysql (got "oracle")',
      });
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('takes the target from DB_* variables', async () => {
    const source = await installedSite(sqlite);
    const work = tempDir('agora-restore-env-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = await dump(source.dataDir, file);
      const run = captured({ DB_TYPE: 'sqlite3', DB_FILE: 'moved.sqlite3' });
      expect(await runCli(['restore', '--data-dir', work.dir, '--in', file], run.io)).toBe(0);
      expect(run.out[0]).toContain(`into SQLite file ${path.join(work.dir, 'moved.sqlite3')}`);
      const moved = await dump(work.dir, path.join(work.dir, 'moved.jsonl.gz'), {
        type: 'sqlite3',
        file: path.join(work.dir, 'moved.sqlite3'),
      });
      expect(contents(moved)).toEqual(contents(original));
    } finally {
      work.remove();
      await source.cleanup();
    }
  });

  it('runs as bin/agora.mjs: dump, restore, and a refused second restore', async () => {
    const source = await installedSite(sqlite);
    const work = tempDir('agora-dump-bin-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const dumped = await runBin(['dump', '--data-dir', source.dataDir, '--out', file]);
      expect(dumped.code).toBe(0);
      const [, tables, rows] =
        /Wrote .*site\.jsonl\.gz \((\d+) tables, (\d+) rows, \d+ bytes, format 1\)\./.exec(dumped.stdout) ?? [];
      expect(Number(tables)).toBeGreaterThanOrEqual(6);
      expect(Number(rows)).toBeGreaterThan(100);
      const into = ['--db-type', 'sqlite3', '--db-file', path.join(work.dir, 'copy.sqlite3')];
      const restored = await runBin(['restore', '--data-dir', work.dir, '--in', file, ...into]);
      expect(restored).toMatchObject({ code: 0, stderr: '' });
      expect(restored.stdout).toContain(`Restored ${rows} rows in ${tables} tables.`);
      const again = await runBin(['restore', '--data-dir', work.dir, '--in', file, ...into]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/The target database is not empty/);
    } finally {
      work.remove();
      await source.cleanup();
    }
  });
});
