#!/usr/bin/env node
// Development mode: every app on its rspack dev server with hot reload, against the local API server.
// Open http://127.0.0.1:3000 (the shell's dev server proxies the API and /remotes.json to the server).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = { mf_qa: 3001, mf_users: 3002, mf_review: 3003, mf_admin: 3004, mf_install: 3005 };

const dataDir = path.join(root, 'data', 'dev');
mkdirSync(dataDir, { recursive: true });
const configFile = path.join(dataDir, 'config.json');
writeFileSync(
  configFile,
  JSON.stringify(
    {
      remotes: Object.entries(REMOTES).map(([name, port]) => ({
        name,
        entry: `http://127.0.0.1:${port}/mf-manifest.json`,
      })),
    },
    null,
    2,
  ),
);

const children = [];
function start(label, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    process.stdout.write(`[dev] ${label} exited (${code})\n`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

start('server', 'pnpm', ['--filter', '@agora/server', 'dev'], { AGORA_CONFIG: configFile, AGORA_DATA_DIR: dataDir });
start('apps', 'pnpm', ['-r', '--parallel', '--filter', './shell', '--filter', './mf-*', 'run', 'dev']);
