import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main';
import { createDatabase } from '../../src/db/database';
import { DEMO_PASSWORD, verifyCounters } from '../../src/demo';
import { tempDir } from '../accounts/helpers';
import { BIN, captured } from '../cli/helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const execFileAsync = promisify(execFile);

const SITE_FLAGS = [
  '--db-type',
  'sqlite3',
  '--site-name',
  'Demo Site',
  '--site-url',
  'https://demo.example.com',
  '--contact-email',
  'contact@demo.example.com',
  '--admin-name',
  'demo admin',
  '--admin-email',
  'admin@demo.example.com',
];

describe('agora demo (SQLite)', () => {
  const data = tempDir('agora-demo-cli-');

  beforeAll(async () => {
    const init = captured({ ADMIN_PASSWORD: 'admin-password-1' });
    expect(await runCli(['init', '--data-dir', data.dir, ...SITE_FLAGS], init.io)).toBe(0);
  });
  afterAll(() => data.remove());

  it('fills the installed site from the real command line, prints the accounts and the password once', async () => {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [BIN, 'demo', '--data-dir', data.dir, '--questions', '40', '--users', '12', '--seed', 'cli'],
      { env: { ...process.env, AGORA_DATA_DIR: '' }, timeout: 90_000 },
    );
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Sample content added in \d+\.\d s \(seed "cli"\):/);
    expect(stdout).toMatch(/12 users, \d+ tags, 40 questions, \d+ answers \(\d+ accepted\), \d+ comments, \d+ votes/);
    expect(stdout.split(DEMO_PASSWORD)).toHaveLength(2);
    for (const role of ['admin', 'moderator', 'member (top reputation)', 'suspended', 'inactive']) {
      expect(stdout).toMatch(new RegExp(`^  ${role.replace(/[()]/g, '\\$&')} +\\S+@`, 'm'));
    }
    expect(stdout).toContain('admin@demo.example.com');

    const record = JSON.parse(readFileSync(path.join(data.dir, 'config.json'), 'utf8'));
    const database = await createDatabase({ ...record.database, file: path.resolve(data.dir, record.database.file) });
    try {
      const count = await database.db
        .selectFrom('question')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(40);
      expect(await verifyCounters(database.db, { baseRank: (id) => (id === 1 ? 1 : 0) })).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('refuses a site that already has questions (exit 1), unless --force', async () => {
    const again = captured();
    expect(await runCli(['demo', '--data-dir', data.dir, '--questions', '5', '--users', '5'], again.io)).toBe(1);
    expect(again.err.join('\n')).toMatch(/already has questions.*--force/);
    expect(again.out).toEqual([]);

    const forced = captured();
    expect(
      await runCli(
        ['demo', '--data-dir', data.dir, '--questions', '5', '--users', '5', '--seed', 'x', '--force'],
        forced.io,
      ),
    ).toBe(0);
    expect(forced.out[0]).toMatch(/^Sample content added/);
    expect(forced.out[1]).toMatch(/5 users, 0 tags, 5 questions/);
  });

  it('rejects bad flags with a usage error (exit 2) and an uninstalled site with exit 1', async () => {
    for (const args of [
      ['--users', '3'],
      ['--questions', '0'],
      ['--questions', 'many'],
      ['--seed', ' '],
    ]) {
      const run = captured();
      expect(await runCli(['demo', '--data-dir', data.dir, ...args], run.io)).toBe(2);
      expect(run.err[0]).toMatch(/^--(users|questions|seed) must/);
      expect(run.err[1]).toMatch(/^Usage: agora demo/);
    }
    const empty = tempDir('agora-demo-empty-');
    try {
      const run = captured();
      expect(await runCli(['demo', '--data-dir', empty.dir], run.io)).toBe(1);
      expect(run.err.join('\n')).toMatch(/not installed/);
    } finally {
      empty.remove();
    }
  });
});
