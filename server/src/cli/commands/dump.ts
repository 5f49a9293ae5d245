import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeDatabase } from '../../db/config';
import { checkConnection, createDatabase } from '../../db/database';
import { writeDump } from '../../db/dump';
import { DATABASE_TARGET_HELP, DATABASE_TARGET_OPTIONS, databaseTarget } from '../database-target';
import { CliError, UsageError, type Command } from '../context';
import { executedMigrations, knownMigrations } from '../migrations';

export const dumpCommand: Command = {
  name: 'dump',
  summary: 'write the whole site to a database-neutral file (gzipped JSON Lines)',
  usage: '--out <file> [--force] [--db-type ... (another database)]',
  help: [
    '--out FILE   where to write (gzipped JSON Lines, mode 0600: it holds password and session hashes)',
    '--force      overwrite FILE if it exists',
    'Reads one consistent snapshot, so the server may keep running. "agora restore" loads the file into',
    'SQLite, PostgreSQL or MySQL.',
    ...DATABASE_TARGET_HELP,
  ],
  options: { out: { type: 'string' }, force: { type: 'boolean' }, ...DATABASE_TARGET_OPTIONS },
  async run(args, ctx) {
    const out = typeof args.values.out === 'string' ? args.values.out.trim() : '';
    if (!out) throw new UsageError('--out is required');
    const file = path.resolve(out);
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) throw new CliError(`${file} is a directory: name a file.`);
      if (!args.values.force)
        throw new CliError(`${file} exists: choose another name, or add --force to overwrite it.`);
    }
    const { config } = databaseTarget(args, ctx);
    const connection = await checkConnection(config);
    if (!connection.ok) throw new CliError(`Cannot connect to the database: ${connection.error}`);
    const database = await createDatabase(config);
    try {
      const migrations = await executedMigrations(database.db, config);
      if (!migrations.length) {
        throw new CliError(`${describeDatabase(config)} has no migrations recorded: it holds no Agora site.`);
      }
      const pending = knownMigrations().filter((name) => !migrations.includes(name));
      ctx.out(`Dumping ${describeDatabase(config)}`);
      if (pending.length) {
        ctx.out(`Note: ${pending.length} migrations have not run here (${pending.join(', ')}); restore applies them.`);
      }
      const summary = await writeDump(database, file, {
        migrations,
        onTable: (table, rows) => ctx.out(`  ${table}: ${rows} rows`),
      });
      const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
      ctx.out(
        `Wrote ${file} (${summary.header.tables.length} tables, ${total} rows, ${statSync(file).size} bytes, ` +
          `format ${summary.header.format_version}).`,
      );
      return 0;
    } finally {
      await database.close();
    }
  },
};
