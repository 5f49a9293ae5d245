import type { Migration } from 'kysely';
import { describeDatabase } from '../../db/config';
import { MigrationError } from '../../db/migrate';
import { CliError, type Command } from '../context';
import { executedMigrations, knownMigrations, unknownMigrations, upgradeStepwise } from '../migrations';

export interface UpgradeCommandOptions {
  /** Only for tests: a different set of migrations (e.g. one that fails or hangs). */
  migrations?: Record<string, Migration>;
}

/** `agora upgrade`: the installed site's pending migrations, one at a time. */
export function createUpgradeCommand(options: UpgradeCommandOptions = {}): Command {
  return {
    name: 'upgrade',
    summary: "apply pending database migrations to the installed site's database",
    usage: '',
    help: [
      'Idempotent: with nothing pending it says so and changes nothing.',
      'Each migration is a step of its own: on PostgreSQL and SQLite one transaction (an interrupted or failed',
      'migration leaves nothing behind); on MySQL, whose schema changes cannot be rolled back, an interrupted',
      'migration is repeated from its start by the next run, over what it had already done.',
      'Safe to run while the server runs (the two take turns through the migration lock).',
    ],
    options: {},
    async run(_args, ctx) {
      const database = await ctx.openDatabase();
      try {
        const executed = await executedMigrations(database.db, database.config);
        const unknown = unknownMigrations(executed, options.migrations);
        if (unknown.length) {
          throw new CliError(
            `The database has migrations this version of Agora does not know (${unknown.join(', ')}): ` +
              'it was upgraded by a newer version. Run that version (or restore a dump into a new database).',
          );
        }
        const pending = knownMigrations(options.migrations).filter((name) => !executed.includes(name));
        if (pending.length === 0) {
          ctx.out(
            `Nothing to do: the database schema is up to date (${executed.length} migration${executed.length === 1 ? '' : 's'} applied).`,
          );
          return 0;
        }
        ctx.out(`Database: ${describeDatabase(database.config)}`);
        ctx.out(`Pending: ${pending.join(', ')}`);
        try {
          const applied = await upgradeStepwise(database.db, database.config, {
            migrations: options.migrations,
            onStep: (name) => ctx.out(`Applied ${name}`),
          });
          ctx.out(`Done: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied.`);
          return 0;
        } catch (error) {
          if (!(error instanceof MigrationError)) throw error;
          ctx.err(error.message);
          ctx.err(
            error.applied.length
              ? `Applied before the failure (kept): ${error.applied.join(', ')}`
              : 'No migration was applied.',
          );
          ctx.err(
            database.type === 'mysql'
              ? 'MySQL cannot roll schema changes back: what the failed migration did stays, and the next ' +
                  '"agora upgrade" repeats it from its start over that work. Fix the cause and run it again.'
              : 'The failed migration was rolled back. Fix the cause and run "agora upgrade" again.',
          );
          return 1;
        }
      } finally {
        await database.close();
      }
    },
  };
}

export const upgradeCommand = createUpgradeCommand();
