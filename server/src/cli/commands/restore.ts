import { existsSync } from 'node:fs';
import type { Migration } from 'kysely';
import path from 'node:path';
import { describeDatabase } from '../../db/config';
import { checkConnection, createDatabase } from '../../db/database';
import {
  DumpFormatError,
  loadDump,
  openDump,
  rowCounts,
  SEQUENCE_TABLE,
  siteTables,
  type DumpReader,
} from '../../db/dump';
import type { AnyKysely } from '../../db/dump/introspect';
import { MigrationError } from '../../db/migrate';
import { readInstallRecord, writeInstallRecord } from '../../modules/install/config-file';
import { DATABASE_TARGET_HELP, DATABASE_TARGET_OPTIONS, databaseTarget } from '../database-target';
import { CliError, UsageError, type Command } from '../context';
import {
  executedMigrations,
  knownMigrations,
  migrateStepwiseTo,
  unknownMigrations,
  upgradeStepwise,
} from '../migrations';

export interface RestoreCommandOptions {
  /** Only for tests: a different set of migrations (a version older or newer than this one). */
  migrations?: Record<string, Migration>;
}

/** The dump's migrations must be the first ones this version knows, in order. */
function checkDumpLevel(dump: DumpReader, migrationSet?: Record<string, Migration>): string {
  const known = knownMigrations(migrationSet);
  const { migrations } = dump.header;
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new CliError(
      `The dump was made by a newer Agora (${dump.header.app_version}): this version does not know its migrations ` +
        `${unknown.join(', ')}. Restore it with that version or a newer one.`,
    );
  }
  if (migrations.some((name, i) => known[i] !== name)) {
    throw new CliError(`The dump's migration list (${migrations.join(', ')}) is not a prefix of this version's.`);
  }
  return migrations.at(-1)!;
}

/** `agora restore`. */
export function createRestoreCommand(options: RestoreCommandOptions = {}): Command {
  const migrations = options.migrations;
  return {
    name: 'restore',
    summary: 'load a dump into an empty database of any kind (the installed one, or another)',
    usage: '--in <file> [--force] [--update-config] [--db-type ... (another database)]',
    help: [
      '--in FILE          a file written by "agora dump"',
      "--force            the target may hold data: every row of the site's tables is deleted first",
      "--update-config    afterwards, make the target the site's database in the config file",
      "The target is migrated to the dump's schema, loaded in one transaction (all or nothing), then migrated",
      "to this version's latest. Stop the server while restoring into the database it uses.",
      ...DATABASE_TARGET_HELP,
    ],
    options: {
      in: { type: 'string' },
      force: { type: 'boolean' },
      'update-config': { type: 'boolean' },
      ...DATABASE_TARGET_OPTIONS,
    },
    async run(args, ctx) {
      const input = typeof args.values.in === 'string' ? args.values.in.trim() : '';
      if (!input) throw new UsageError('--in is required');
      const file = path.resolve(input);
      if (!existsSync(file)) throw new CliError(`${file} does not exist.`);
      const { config, source } = databaseTarget(args, ctx);

      let dump: DumpReader;
      try {
        dump = await openDump(file);
      } catch (error) {
        if (error instanceof DumpFormatError) throw new CliError(`${file}: ${error.message}`);
        throw error;
      }
      try {
        const level = checkDumpLevel(dump, migrations);
        const { header } = dump;
        ctx.out(
          `Restoring ${file} (made ${header.created_at} by Agora ${header.app_version} from ${header.source}) ` +
            `into ${describeDatabase(config)}${source === 'install record' ? ' (the installed site)' : ''}`,
        );
        const connection = await checkConnection(config);
        if (!connection.ok) throw new CliError(`Cannot connect to the database: ${connection.error}`);
        const database = await createDatabase(config);
        try {
          const db = database.db as unknown as AnyKysely;
          const executed = await executedMigrations(database.db, config);
          const unknown = unknownMigrations(executed, migrations);
          if (unknown.length) {
            throw new CliError(
              `The target database was migrated by a newer Agora (${unknown.join(', ')}): use an empty database.`,
            );
          }
          // Any table with rows counts (an unrelated application's too), except the counters migrations seed.
          const tables = (await siteTables(db)).map((t) => t.name).filter((name) => name !== SEQUENCE_TABLE);
          const counts = await rowCounts(db, tables);
          const filled = Object.entries(counts).filter(([, n]) => n > 0);
          if (filled.length && !args.values.force) {
            throw new CliError(
              `The target database is not empty (${filled.map(([t, n]) => `${t}: ${n} rows`).join(', ')}). ` +
                'Restore into an empty database, or add --force to delete every row of the site first.',
            );
          }
          if (filled.length) ctx.out("--force: the rows of the site's tables are deleted and replaced by the dump.");
          try {
            const moved = await migrateStepwiseTo(database.db, config, level, { migrations });
            for (const name of moved.up) ctx.out(`Schema: applied ${name}`);
            for (const name of moved.down)
              ctx.out(`Schema: reverted ${name} (newer than the dump; applied again below)`);
          } catch (error) {
            if (error instanceof MigrationError) throw new CliError(error.message);
            throw error;
          }
          let summary;
          try {
            summary = await loadDump(database, dump, { onTable: (table, rows) => ctx.out(`  ${table}: ${rows} rows`) });
          } catch (error) {
            if (error instanceof DumpFormatError) throw new CliError(`${error.message} Nothing was restored.`);
            throw error;
          }
          for (const line of summary.adjustments) ctx.out(`Adjusted ${line}`);
          for (const table of summary.notInDump) ctx.out(`Note: the dump has no rows for ${table} (left empty).`);
          try {
            await upgradeStepwise(database.db, config, { migrations, onStep: (name) => ctx.out(`Applied ${name}`) });
          } catch (error) {
            if (error instanceof MigrationError) {
              throw new CliError(`The rows were restored, but ${error.message}. Run "agora upgrade" after fixing it.`);
            }
            throw error;
          }
          const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
          ctx.out(`Restored ${total} rows in ${Object.keys(summary.rows).length} tables.`);
        } finally {
          await database.close();
        }
      } finally {
        dump.close();
      }

      if (args.values['update-config']) {
        const existing = (() => {
          try {
            return readInstallRecord(ctx.configFile);
          } catch (error) {
            throw new CliError((error as Error).message);
          }
        })();
        writeInstallRecord(ctx.configFile, {
          database: config,
          installed_at: existing?.installed_at ?? new Date().toISOString(),
        });
        ctx.out(`${ctx.configFile} now names ${describeDatabase(config)}: restart the server to use it.`);
      }
      return 0;
    },
  };
}

export const restoreCommand = createRestoreCommand();
