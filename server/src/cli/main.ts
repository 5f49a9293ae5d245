import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COMMANDS } from './commands';
import { CliContext, CliError, UsageError, type CliIo, type Command } from './context';

const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usageOf(command: Command): string[] {
  return [
    `Usage: agora ${[command.name, command.usage, '[--data-dir <dir>]'].filter(Boolean).join(' ')}`,
    ...(command.help ?? []).map((l) => `  ${l}`),
  ];
}

function overview(commands: Command[]): string[] {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: agora <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 done, 1 failed (the reason is on stderr; for check: a check failed), 2 usage error.',
    'Every command takes --data-dir <dir> (default: AGORA_DATA_DIR, else ./data of the checkout);',
    'the config file is <dir>/config.json unless AGORA_CONFIG names another.',
    'Run "agora <command> --help" for its options.',
  ];
}

export const processIo: CliIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/**
 * Runs one CLI invocation and returns its exit code: 0 done, 1 failed (message on stderr),
 * 2 usage error. Never calls process.exit, so tests run it in-process. `commands` is for tests
 * that run a verb built with test-only parts (e.g. an extra migration).
 */
export async function runCli(argv: string[], io: CliIo = processIo, commands: Command[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const target = commands.find((c) => c.name === rest[0]);
    (target ? usageOf(target) : overview(commands)).forEach((line) => io.stdout(line));
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`Unknown command "${name}".`);
    overview(commands).forEach((line) => io.stderr(line));
    return 2;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...COMMON_OPTIONS, ...command.options },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    io.stderr((error as Error).message);
    usageOf(command).forEach((line) => io.stderr(line));
    return 2;
  }
  if (parsed.values.help) {
    usageOf(command).forEach((line) => io.stdout(line));
    return 0;
  }
  const dataDir = parsed.values['data-dir'];
  const ctx = new CliContext(io, typeof dataDir === 'string' ? dataDir : undefined);
  try {
    return await command.run(
      { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals },
      ctx,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(error.message);
      usageOf(command).forEach((line) => io.stderr(line));
      return 2;
    }
    if (error instanceof CliError) {
      io.stderr(error.message);
      return 1;
    }
    io.stderr(`agora ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function isEntryPoint(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// `node --import tsx src/cli/main.ts <command>` runs it directly; bin/agora.mjs imports runCli.
if (isEntryPoint()) {
  process.exitCode = await runCli(process.argv.slice(2));
}
