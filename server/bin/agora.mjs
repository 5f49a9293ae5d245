#!/usr/bin/env node
// The operations CLI (`agora init`, `agora reset-password`, ...). Runs the compiled build (dist/cli.js,
// made by `pnpm build`); a checkout without one, or AGORA_FROM_SOURCE=1 (the test suite sets it so it
// always tests the current source), runs the TypeScript source through tsx, a development dependency.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
let runCli;
if (process.env.AGORA_FROM_SOURCE !== '1' && existsSync(compiled)) {
  ({ runCli } = await import(compiled.href));
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('agora: dist/cli.js is missing; build the server first (pnpm build)\n');
    process.exit(1);
  }
  register();
  ({ runCli } = await import('../src/cli/main.ts'));
}
process.exitCode = await runCli(process.argv.slice(2));
