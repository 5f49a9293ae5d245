#!/usr/bin/env node
// One entry point for a fresh machine that has only Node and npm:
//   npm start  -> install everything, build the production site, serve it on http://localhost:9080
//   npm test   -> install everything, then lint, typecheck, build, unit + integration tests, Storybook, e2e
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasesOrExit } from './test-databases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tools = path.join(root, '.tools');
const PNPM_VERSION = '12';

const env = { ...process.env };
// Native modules (better-sqlite3) build against the installed Node headers; pnpm 12 ignores ~/.npmrc nodedir.
if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
env.PATH = `${path.join(tools, 'bin')}${path.delimiter}${env.PATH ?? ''}`;

function log(message) {
  process.stdout.write(`\n\u25b6 ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`\n\u2716 ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

function works(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function ensurePnpm() {
  const version = works('pnpm', ['--version']);
  if (version && Number(version.split('.')[0]) >= 10) return;
  // Corepack cannot verify pnpm here; install it with npm into the project's own tool folder (no root needed).
  log(`installing pnpm@${PNPM_VERSION} into .tools/`);
  run('npm', ['install', '--global', '--prefix', tools, `pnpm@${PNPM_VERSION}`, '--no-audit', '--no-fund']);
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  log('installing Chromium from Debian packages (needed by the end-to-end tests)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args);
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
}

function install() {
  ensurePnpm();
  log('installing dependencies');
  run('pnpm', ['install', '--frozen-lockfile']);
}

const command = process.argv[2];
if (command === 'start') {
  install();
  log('building the production site');
  run('pnpm', ['build']);
  log('starting the server on http://localhost:9080');
  run('pnpm', ['--filter', '@agora/server', 'start']);
} else if (command === 'test') {
  // The server suite runs on SQLite, PostgreSQL and MariaDB; here a missing one fails the run (see
  // test-databases.mjs for how to run on SQLite only).
  env.AGORA_TEST_REQUIRE_DATABASES ??= 'postgres,mysql';
  await databasesOrExit(env);
  install();
  ensureChromium();
  log('lint and formatting');
  run('pnpm', ['lint']);
  run('pnpm', ['format:check']);
  log('typecheck');
  run('pnpm', ['typecheck']);
  log('production build');
  run('pnpm', ['build']);
  log('unit and integration tests');
  run('pnpm', ['test:unit']);
  log('Storybook build');
  run('pnpm', ['storybook:build']);
  log('end-to-end tests (headless Chromium)');
  run('pnpm', ['test:e2e']);
  log('all checks passed');
} else {
  process.stderr.write('usage: node scripts/run.mjs start|test\n');
  process.exit(2);
}
