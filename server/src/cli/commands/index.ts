import type { Command } from '../context';
import { checkCommand } from './check';
import { demoCommand } from './demo';
import { dumpCommand } from './dump';
import { initCommand } from './init';
import { resetPasswordCommand } from './reset-password';
import { restoreCommand } from './restore';
import { upgradeCommand } from './upgrade';

/** Every verb, in the order `agora help` lists them. A new verb is a file here plus one line. */
export const COMMANDS: Command[] = [
  initCommand,
  upgradeCommand,
  checkCommand,
  resetPasswordCommand,
  dumpCommand,
  restoreCommand,
  demoCommand,
];
