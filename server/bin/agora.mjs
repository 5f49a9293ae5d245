#!/usr/bin/env node
// The operations CLI (`agora init`, `agora reset-password`, ...): TypeScript source run through tsx.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
