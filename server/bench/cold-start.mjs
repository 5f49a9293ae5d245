#!/usr/bin/env node
/**
 * `pnpm --filter @agora/server bench:cold-start [--runs N]`
 *
 * Cold start of an installed SQLite site: installs one site in a temporary directory (unattended
 * install, once), then starts the compiled server (dist/server.js, built by `pnpm build`) N times and
 * measures the time from spawning the process to the first 200 on /healthz. In the same run and in
 * turn with it, two baselines: `node -e ''` (the cost of starting Node at all) and the same server run
 * from TypeScript through tsx (what production used to run). Prints min / median / max of each and
 * the median ratios, so a loaded machine shows in every figure alike. Target: compiled under 1.5 s
 * on an idle machine. Everything it started is stopped and removed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(serverDir, 'dist', 'server.js');
const TARGET_MS = 1_500;
const START_TIMEOUT_MS = 60_000;

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { runs: { type: 'string', default: '7' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stdout.write('Usage: bench:cold-start [--runs N]   N starts of each kind (default 7, 1 to 30)\n');
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 30) {
  process.stderr.write('--runs must be a whole number from 1 to 30\n');
  process.exit(2);
}
if (!existsSync(compiled)) {
  process.stderr.write('dist/server.js is missing: run `pnpm build` (or `pnpm --filter @agora/server build`) first\n');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-cold-start-'));
const children = new Set();
const cleanUp = () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the server, polls /healthz until a 200, stops the server; resolves with the milliseconds to the 200. */
async function timeStart(args, extraEnv = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AGORA_DATA_DIR: dataDir,
      AGORA_CONFIG: '',
      AGORA_HOST: '127.0.0.1',
      AGORA_PORT: String(port),
      AGORA_LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error(`server exited before answering /healthz:\n${stderr.slice(-2000)}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error('server did not answer /healthz in 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await sleep(5);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    children.delete(child);
  }
}

function timeNode() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '']);
  return performance.now() - started;
}

const tsxAvailable = spawnSync(process.execPath, ['--import', 'tsx', '-e', ''], { cwd: serverDir }).status === 0;
const kinds = [
  { label: 'compiled (node dist/server.js)', measure: () => timeStart([compiled]) },
  ...(tsxAvailable
    ? [
        {
          label: 'from source (node --import tsx src/server.ts)',
          measure: () => timeStart(['--import', 'tsx', 'src/server.ts']),
        },
      ]
    : []),
  { label: "node -e ''", measure: async () => timeNode() },
];

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${Math.round(value)} ms`.padStart(8);

try {
  process.stdout.write(`installing a SQLite site in ${dataDir}\n`);
  await timeStart([compiled], {
    AUTO_INSTALL: 'true',
    DB_TYPE: 'sqlite3',
    DB_FILE: path.join(dataDir, 'agora.db'),
    SITE_NAME: 'Cold start',
    SITE_URL: 'http://127.0.0.1',
    CONTACT_EMAIL: 'admin@example.com',
    ADMIN_NAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'cold-start-bench-1',
  });
  // One unmeasured start of each kind warms the file cache, then the kinds alternate run by run.
  for (const kind of kinds) await kind.measure();
  const figures = kinds.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, kind] of kinds.entries()) figures[index].push(await kind.measure());
  }
  process.stdout.write(
    `\n${runs} starts each, spawn to first 200 on /healthz (${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)})\n`,
  );
  process.stdout.write(`${'kind'.padEnd(48)}     min   median      max\n`);
  for (const [index, kind] of kinds.entries()) {
    const list = figures[index];
    process.stdout.write(
      `${kind.label.padEnd(48)}${ms(Math.min(...list))} ${ms(median(list))} ${ms(Math.max(...list))}\n`,
    );
  }
  const compiledMedian = median(figures[0]);
  process.stdout.write('\n');
  for (const [index, kind] of kinds.entries()) {
    if (index === 0) continue;
    process.stdout.write(`compiled / ${kind.label}: ${(compiledMedian / median(figures[index])).toFixed(2)}\n`);
  }
  const verdict = compiledMedian < TARGET_MS ? 'under' : 'OVER';
  process.stdout.write(`compiled median ${Math.round(compiledMedian)} ms: ${verdict} the ${TARGET_MS} ms target\n`);
} finally {
  cleanUp();
}
