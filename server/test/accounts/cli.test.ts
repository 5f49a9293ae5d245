import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main';
import { createDatabase } from '../../src/db/database';
import { AccountsService } from '../../src/modules/accounts/service';
import { testDatabases } from '../db/databases';
import { tempDir } from './helpers';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(SERVER_DIR, 'bin/agora.mjs');
const execFileAsync = promisify(execFile);

function captured(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), env }, out, err };
}

const SITE_FLAGS = [
  '--site-name',
  'CLI Site',
  '--site-url',
  'https://cli.example.com',
  '--contact-email',
  'contact@cli.example.com',
  '--admin-name',
  'cli admin',
  '--admin-email',
  'admin@cli.example.com',
];

describe.each(available)('agora CLI on $label', (target) => {
  it('init installs from flags (env for the password), then reset-password changes it and ends sessions', async () => {
    const fresh = await target.fresh();
    const data = tempDir('agora-cli-test-');
    try {
      const c = fresh.config;
      const dbFlags =
        c.type === 'sqlite3'
          ? ['--db-type', 'sqlite3', '--db-file', 'cli.sqlite3']
          : ['--db-type', c.type, '--db-host', `${c.host}:${c.port}`, '--db-username', c.user, '--db-name', c.name];
      const init = captured({ ADMIN_PASSWORD: 'initial-pass', DB_PASSWORD: c.type === 'sqlite3' ? '' : c.password });
      expect(await runCli(['init', '--data-dir', data.dir, ...dbFlags, ...SITE_FLAGS], init.io)).toBe(0);
      expect(init.out.at(-1)).toMatch(/^Installed\. Administrator id 1/);
      const record = JSON.parse(readFileSync(path.join(data.dir, 'config.json'), 'utf8'));
      expect(record.database.type).toBe(c.type);

      // The install is a no-op the second time (exit 0, message).
      const again = captured();
      expect(await runCli(['init', '--data-dir', data.dir], again.io)).toBe(0);
      expect(again.out.join('\n')).toMatch(/already installed/);

      const database = await createDatabase(record.database);
      try {
        const accounts = new AccountsService(database.db);
        const before = await accounts.loginWithEmail('admin@cli.example.com', 'initial-pass');
        expect(before.kind).toBe('ok');

        const reset = captured();
        const code = await runCli(
          [
            'reset-password',
            '--data-dir',
            data.dir,
            '--email',
            'ADMIN@cli.example.com',
            '--password',
            'brand-new-pass',
          ],
          reset.io,
        );
        expect(reset.err).toEqual([]);
        expect(code).toBe(0);
        expect(reset.out[0]).toContain('cli-admin');
        if (before.kind === 'ok') expect(await accounts.resolve(before.token)).toBeNull();
        expect((await accounts.loginWithEmail('admin@cli.example.com', 'initial-pass')).kind).toBe('invalid');
        expect((await accounts.loginWithEmail('admin@cli.example.com', 'brand-new-pass')).kind).toBe('ok');
      } finally {
        await database.close();
      }

      const unknown = captured();
      expect(
        await runCli(
          ['reset-password', '--data-dir', data.dir, '--email', 'x@y.z', '--password', '12345678'],
          unknown.io,
        ),
      ).toBe(1);
      expect(unknown.err).toEqual(['No user has the e-mail address x@y.z.']);
    } finally {
      data.remove();
      await fresh.drop();
    }
  });
});

describe('agora CLI usage', () => {
  it('lists the commands, and refuses unknown commands and flags with exit code 2', async () => {
    const help = captured();
    expect(await runCli(['help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toMatch(/init +install the site[\s\S]*reset-password +set a user's password/);

    const unknown = captured();
    expect(await runCli(['frobnicate'], unknown.io)).toBe(2);
    expect(unknown.err[0]).toBe('Unknown command "frobnicate".');

    const badFlag = captured();
    expect(await runCli(['reset-password', '--nope'], badFlag.io)).toBe(2);
    expect(badFlag.err.join('\n')).toMatch(/Unknown option '--nope'[\s\S]*Usage: agora reset-password/);

    const short = captured();
    expect(await runCli(['reset-password', '--email', 'a@b.c', '--password', 'short'], short.io)).toBe(2);
    expect(short.err[0]).toBe('--password must be 8 to 32 characters (got 5)');
  });

  it('names every missing install setting with its variable and flag', async () => {
    const data = tempDir('agora-cli-missing-');
    try {
      const run = captured();
      expect(await runCli(['init', '--data-dir', data.dir, '--site-url', 'not a url'], run.io)).toBe(1);
      expect(run.err).toContain(
        '  SITE_URL (--site-url) must be an http(s) URL such as https://example.com (got "not a url")',
      );
      expect(run.err).toContain('  ADMIN_PASSWORD (--admin-password) is required');
    } finally {
      data.remove();
    }
  });

  it('reset-password on a site that is not installed says what to do', async () => {
    const data = tempDir('agora-cli-none-');
    try {
      const run = captured();
      expect(
        await runCli(['reset-password', '--data-dir', data.dir, '--email', 'a@b.c', '--password', '12345678'], run.io),
      ).toBe(1);
      expect(run.err[0]).toMatch(/The site is not installed .* Run "agora init" first\./);
    } finally {
      data.remove();
    }
  });

  it('runs as bin/agora.mjs (a real process) with exit codes', async () => {
    const data = tempDir('agora-cli-bin-');
    try {
      const env = { ...process.env, ADMIN_PASSWORD: 'bin-password', AGORA_CONFIG: '' };
      const init = await execFileAsync(process.execPath, [BIN, 'init', '--data-dir', data.dir, ...SITE_FLAGS], {
        env,
        cwd: SERVER_DIR,
      });
      expect(init.stdout).toMatch(/Installed\. Administrator id 1/);
      const failed = await execFileAsync(process.execPath, [BIN, 'reset-password', '--data-dir', data.dir], {
        env,
        cwd: SERVER_DIR,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 2 });
      expect((failed as { stderr: string }).stderr).toMatch(/--email is required/);
    } finally {
      data.remove();
    }
  });
});
