#!/usr/bin/env node
// One entry point for a fresh machine that has only Node and npm:
//   npm start  -> install everything, build the production site, serve it on http://localhost:9080
//   npm test   -> install everything, then lint, typecheck, build, unit + integration tests, Storybook, e2e
// Every stage is timed; a table of the stages and their durations ends the run (also a failed one).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeModuleError, useMatchingHeaders } from './node-headers.mjs';
import { satisfies } from './node-range.mjs';
import { databasesOrExit } from './test-databases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tools = path.join(root, '.tools');
const PNPM_VERSION = '12';

const env = { ...process.env };
// Native modules (better-sqlite3) build against the headers of the Node running this script, never another
// version's (pnpm 12 reads the nodedir from the environment only, not from ~/.npmrc).
const headersNote = useMatchingHeaders(env);
if (headersNote) process.stdout.write(`${headersNote}\n`);
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
if (!satisfies(process.version, engines)) {
  process.stderr.write(`Node ${process.version} is not supported (package.json engines: ${engines}); trying anyway.\n`);
}
env.PATH = `${path.join(tools, 'bin')}${path.delimiter}${env.PATH ?? ''}`;

function log(message) {
  process.stdout.write(`\n\u25b6 ${message}\n`);
}

/** Finished stages, in order: [name, seconds, ok]. */
const stages = [];
const runStarted = Date.now();
const seconds = (from) => (Date.now() - from) / 1000;

function summary() {
  if (stages.length === 0) return;
  const width = Math.max(...stages.map(([name]) => name.length), 'total'.length);
  const lines = stages.map(
    ([name, took, ok]) => `  ${name.padEnd(width)}  ${took.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`,
  );
  lines.push(`  ${'total'.padEnd(width)}  ${seconds(runStarted).toFixed(1).padStart(7)} s`);
  process.stdout.write(`\nStage timings:\n${lines.join('\n')}\n`);
}

function fail(what, status) {
  process.stderr.write(`\n\u2716 ${what} failed (exit ${status})\n`);
  summary();
  process.exit(typeof status === 'number' && status !== 0 ? status : 1);
}

/** Runs a command to completion with inherited output; resolves with its exit status. */
function spawnCommand(command, args, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ status: code ?? signal, output }));
  });
}

/** One timed stage: runs `command args`, records how long it took, stops the run when it fails. */
async function stage(name, command, args) {
  log(name);
  const started = Date.now();
  const { status } = await spawnCommand(command, args);
  stages.push([name, seconds(started), status === 0]);
  process.stdout.write(`\u23f1 ${name}: ${seconds(started).toFixed(1)} s\n`);
  if (status !== 0) fail(`${command} ${args.join(' ')}`, status);
}

/**
 * Lanes that run at the same time, each a list of timed stages run one after another (a lane stops at
 * its first failure); the output of each stage is printed whole when it ends, so it never interleaves.
 * The run fails once every lane has ended, naming the first failed stage.
 */
async function lanes(list) {
  log(list.map((lane) => lane.map(([name]) => name).join(' -> ')).join('  ||  '));
  const failures = await Promise.all(
    list.map(async (lane) => {
      for (const [name, command, args] of lane) {
        const started = Date.now();
        const { status, output } = await spawnCommand(command, args, { quiet: true });
        process.stdout.write(`${output}\u23f1 ${name}: ${seconds(started).toFixed(1)} s\n`);
        stages.push([name, seconds(started), status === 0]);
        if (status !== 0) return { what: `${command} ${args.join(' ')}`, status };
      }
      return null;
    }),
  );
  const failed = failures.find(Boolean);
  if (failed) fail(failed.what, failed.status);
}

function works(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

async function ensurePnpm() {
  const version = works('pnpm', ['--version']);
  if (version && Number(version.split('.')[0]) >= 10) return;
  // Corepack cannot verify pnpm here; install it with npm into the project's own tool folder (no root needed).
  await stage(`install pnpm@${PNPM_VERSION} into .tools/`, 'npm', [
    'install',
    '--global',
    '--prefix',
    tools,
    `pnpm@${PNPM_VERSION}`,
    '--no-audit',
    '--no-fund',
  ]);
}

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  // Needed by the end-to-end tests.
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    stage(`Chromium: apt-get ${args[0]}`, sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args]);
  await apt(['update']);
  await apt(['install', '-y', '--no-install-recommends', 'chromium']);
}

async function install() {
  await ensurePnpm();
  await stage('install', 'pnpm', ['install', '--frozen-lockfile']);
  // A node_modules (or a cached build) made under another Node holds a better-sqlite3 this one refuses.
  const refused = nativeModuleError(path.join(root, 'server'));
  if (refused) {
    process.stdout.write(`better-sqlite3 does not load on Node ${process.version}: ${refused}\n`);
    await stage(`rebuild better-sqlite3 for Node ${process.version}`, 'pnpm', [
      '--filter',
      '@agora/server',
      'rebuild',
      'better-sqlite3',
    ]);
  }
}

const command = process.argv[2];
if (command === 'start') {
  await install();
  await stage('build', 'pnpm', ['build']);
  summary();
  log('starting the server on http://localhost:9080');
  const { status } = await spawnCommand('pnpm', ['--filter', '@agora/server', 'start']);
  process.exit(typeof status === 'number' ? status : 1);
} else if (command === 'test') {
  // The server suite runs on SQLite, PostgreSQL and MariaDB; here a missing one fails the run (see
  // test-databases.mjs for how to run on SQLite only).
  env.AGORA_TEST_REQUIRE_DATABASES ??= 'postgres,mysql';
  // Vitest's default is one worker less than the machine has cores: one on 2 cores. The browser suites
  // are bound by CPU; a worker per core ran shared-ui's in 0.64x the wall time at the same CPU time
  // (paired runs, loaded machine), and the server's config already asks for 2.
  env.VITEST_MAX_WORKERS ??= String(availableParallelism());
  await databasesOrExit(env);
  await install();
  await ensureChromium();
  // The static checks and the production build share the two cores: each spends part of its time
  // reading files or waiting on another process, so side by side they end sooner than one after another.
  await lanes([
    [['lint', 'pnpm', ['lint']]],
    [['format', 'pnpm', ['format:check']]],
    [['typecheck', 'pnpm', ['typecheck']]],
    [['build', 'pnpm', ['build']]],
  ]);
  // The server suite waits on its databases much of the time; the front-end suites (one vitest run,
  // every package a project: vitest.config.ts) and the Storybook build use the CPU it leaves.
  await lanes([
    [['test server (3 databases)', 'pnpm', ['--filter', '@agora/server', 'test']]],
    [
      ['test front-end packages', 'pnpm', ['test:front']],
      ['Storybook build', 'pnpm', ['storybook:build']],
    ],
  ]);
  // Alone: its timings (focus, animations, toasts) are the most sensitive to a busy machine.
  await stage('e2e (headless Chromium)', 'pnpm', ['test:e2e']);
  summary();
  log('all checks passed');
} else {
  process.stderr.write('usage: node scripts/run.mjs start|test\n');
  process.exit(2);
}
