import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main';
import { MIGRATIONS } from '../../src/db/migrations';
import { installedSite, tempDir } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { captured, dataDirFor, runBin } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const KNOWN = Object.keys(MIGRATIONS).sort();

async function check(dataDir: string) {
  const run = captured();
  const code = await runCli(['check', '--data-dir', dataDir], run.io);
  return { code, lines: run.out, err: run.err };
}

describe.each(available)('agora check on $label', (target) => {
  it('passes every check on an installed site, and creates the upload directory', async () => {
    const site = await installedSite(target);
    try {
      const { code, lines, err } = await check(site.dataDir);
      expect(err).toEqual([]);
      expect(lines).toEqual([
        `OK   config file: ${path.join(site.dataDir, 'config.json')} valid`,
        expect.stringMatching(/^OK {3}install record: installed \d{4}-\d\d-\d\dT/),
        expect.stringMatching(/^OK {3}database connection: (SQLite file|PostgreSQL database|MySQL database) /),
        `OK   database migrations: up to date (${KNOWN.length} applied, last ${KNOWN.at(-1)})`,
        `OK   upload directory: ${path.join(site.dataDir, 'uploads')} created, writable`,
        'All 5 checks passed.',
      ]);
      expect(code).toBe(0);
      expect(existsSync(path.join(site.dataDir, 'uploads'))).toBe(true);
      expect((await check(site.dataDir)).lines[4]).toMatch(/uploads writable$/);
    } finally {
      await site.cleanup();
    }
  });

  it('lists pending migrations of a database that was never migrated', async () => {
    const fresh = await target.fresh();
    const data = dataDirFor(fresh.config);
    try {
      const { code, lines } = await check(data.dir);
      expect(code).toBe(1);
      expect(lines[2]).toMatch(/^OK {3}database connection/);
      expect(lines[3]).toBe(
        `FAIL database migrations: ${KNOWN.length} pending: ${KNOWN.join(', ')} (run "agora upgrade")`,
      );
      expect(lines.at(-1)).toBe('1 of 5 checks failed.');
    } finally {
      data.remove();
      await fresh.drop();
    }
  });
});

describe('agora check', () => {
  it('fails without a config file, and says the site is not installed', async () => {
    const data = tempDir('agora-check-none-');
    try {
      const { code, lines } = await check(data.dir);
      expect(code).toBe(1);
      expect(lines[0]).toBe(
        `FAIL config file: ${path.join(data.dir, 'config.json')} not found: the site is not installed (run "agora init")`,
      );
      expect(lines.slice(1, 4)).toEqual([
        'FAIL install record: not checked (no valid config file)',
        'FAIL database connection: not checked (no install record)',
        'FAIL database migrations: not checked (no install record)',
      ]);
      expect(lines[4]).toMatch(/^OK {3}upload directory/);
      expect(lines[5]).toBe('4 of 5 checks failed.');
    } finally {
      data.remove();
    }
  });

  it('fails on a config file that is not JSON, or breaks the schema', async () => {
    const data = tempDir('agora-check-bad-');
    try {
      const file = path.join(data.dir, 'config.json');
      writeFileSync(file, '{"port": 9080,');
      let result = await check(data.dir);
      expect(result.code).toBe(1);
      expect(result.lines[0]).toMatch(/^FAIL config file: Cannot read the config file .*config\.json: /);

      writeFileSync(file, JSON.stringify({ port: 'eighty', colour: 'blue' }));
      result = await check(data.dir);
      expect(result.lines[0]).toMatch(/^FAIL config file: Invalid config file .*config\.json:/);
      expect(result.lines[0]).toMatch(/colour: unknown setting/);

      // Valid settings, but no install record yet.
      writeFileSync(file, JSON.stringify({ port: 9090 }));
      result = await check(data.dir);
      expect(result.lines[0]).toMatch(/^OK {3}config file/);
      expect(result.lines[1]).toMatch(/^FAIL install record: none in .*: the site is not installed/);
    } finally {
      data.remove();
    }
  });

  it('fails on an unreachable database without showing its password', async () => {
    const data = dataDirFor({
      type: 'postgres',
      host: '127.0.0.1',
      port: 1,
      user: 'nobody',
      password: 'hunter2-secret',
      name: 'gone',
    });
    try {
      const { code, lines } = await check(data.dir);
      expect(code).toBe(1);
      expect(lines[2]).toMatch(/^FAIL database connection: PostgreSQL database "gone" at 127\.0\.0\.1:1 as nobody: /);
      expect(lines[3]).toBe('FAIL database migrations: not checked (no connection)');
      expect(lines.join('\n')).not.toContain('hunter2-secret');
    } finally {
      data.remove();
    }
  });

  it('fails when the upload directory cannot be one', async () => {
    const sqlite = available.find((d) => d.type === 'sqlite3')!;
    const site = await installedSite(sqlite);
    try {
      writeFileSync(path.join(site.dataDir, 'uploads'), 'a file in the way');
      const { code, lines } = await check(site.dataDir);
      expect(code).toBe(1);
      expect(lines[4]).toBe(
        `FAIL upload directory: ${path.join(site.dataDir, 'uploads')} exists but is not a directory`,
      );
      expect(lines.slice(0, 4).every((l) => l.startsWith('OK'))).toBe(true);
    } finally {
      await site.cleanup();
    }
  });

  it('uses the data directory the config file names, as the server does', async () => {
    const sqlite = available.find((d) => d.type === 'sqlite3')!;
    const site = await installedSite(sqlite);
    const elsewhere = tempDir('agora-check-elsewhere-');
    try {
      const file = path.join(site.dataDir, 'config.json');
      const json = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...json, dataDir: elsewhere.dir }));
      mkdirSync(path.join(elsewhere.dir, 'uploads'));
      // AGORA_CONFIG names the file and no data directory is given: the file's dataDir applies.
      const run = captured({ AGORA_CONFIG: file });
      expect(await runCli(['check'], run.io)).toBe(0);
      expect(run.out[4]).toBe(`OK   upload directory: ${path.join(elsewhere.dir, 'uploads')} writable`);
    } finally {
      elsewhere.remove();
      await site.cleanup();
    }
  });

  it('runs as bin/agora.mjs with exit code 0 or 1', async () => {
    const sqlite = available.find((d) => d.type === 'sqlite3')!;
    const site = await installedSite(sqlite);
    const empty = tempDir('agora-check-bin-');
    try {
      const ok = await runBin(['check', '--data-dir', site.dataDir]);
      expect(ok.code).toBe(0);
      expect(ok.stdout.trim().split('\n')).toHaveLength(6);
      const failed = await runBin(['check', '--data-dir', empty.dir]);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/^FAIL config file: /);
    } finally {
      empty.remove();
      await site.cleanup();
    }
  });
});
