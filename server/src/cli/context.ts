import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { defaultConfig } from '../config';
import { resolveDatabaseConfig, type DatabaseConfig } from '../db/config';
import { createDatabase, type Database } from '../db/database';
import { configFilePath, readInstallRecord } from '../modules/install/config-file';

/** Where a command writes and what it reads: the real process by default, captured in tests. */
export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env: NodeJS.ProcessEnv;
}

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface CommandArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * One CLI verb. `options` are parsed strictly (an unknown flag is a usage error); `--data-dir` and
 * `--help` are added to every command.
 */
export interface Command {
  name: string;
  summary: string;
  /** Usage lines after "agora <name>", e.g. "--email <address> --password <password>". */
  usage: string;
  /** Extra help lines (flags, environment). */
  help?: string[];
  options: OptionsConfig;
  run(args: CommandArgs, ctx: CliContext): Promise<number>;
}

/** A usage mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure the operator can act on: printed as is, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

export class CliContext {
  readonly io: CliIo;
  readonly dataDir: string;
  /** Whether --data-dir or AGORA_DATA_DIR named the data directory (else it is the default one). */
  readonly dataDirGiven: boolean;

  constructor(io: CliIo, dataDirFlag: string | undefined) {
    this.io = io;
    const fromEnv = io.env.AGORA_DATA_DIR;
    this.dataDirGiven = Boolean(dataDirFlag ?? fromEnv);
    this.dataDir = path.resolve(dataDirFlag ?? (fromEnv || defaultConfig().dataDir));
  }

  get configFile(): string {
    return configFilePath(this.dataDir, this.io.env);
  }

  out(line = ''): void {
    this.io.stdout(line);
  }

  err(line: string): void {
    this.io.stderr(line);
  }

  /** The installed site's database settings; CliError when the site is not installed. */
  installedDatabase(): DatabaseConfig {
    let record: ReturnType<typeof readInstallRecord>;
    try {
      record = readInstallRecord(this.configFile);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    if (!record) {
      throw new CliError(
        `The site is not installed (no install record in ${this.configFile}). Run "agora init" first.`,
      );
    }
    return resolveDatabaseConfig(record.database, this.dataDir);
  }

  /** The installed site's database, opened; CliError when the site is not installed. */
  async openDatabase(): Promise<Database> {
    return createDatabase(this.installedDatabase());
  }
}
