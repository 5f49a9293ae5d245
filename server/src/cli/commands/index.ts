import type { Command } from '../context';
import { initCommand } from './init';
import { resetPasswordCommand } from './reset-password';

/** Every verb, in the order `agora help` lists them. A new verb is a file here plus one line. */
export const COMMANDS: Command[] = [initCommand, resetPasswordCommand];
