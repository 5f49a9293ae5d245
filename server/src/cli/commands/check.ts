import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { describeDatabase, resolveDatabaseConfig, type DatabaseConfig } from '../../db/config';
import { checkConnection, createDatabase } from '../../db/database';
import { readInstallRecord } from '../../modules/install/config-file';
import type { CliContext, Command } from '../context';
import { executedMigrations, knownMigrations, unknownMigrations } from '../migrations';

type Outcome = { ok: boolean; detail: string };

/** The folder the server keeps uploaded files in. */
export function uploadDirOf(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Exists (or is created now) as a directory, and a file can be written to it and removed. */
export function checkUploadDir(dir: string): Outcome {
  let created = false;
  try {
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) return { ok: false, detail: `${dir} exists but is not a directory` };
    } else {
      mkdirSync(dir, { recursive: true });
      created = true;
    }
    const probe = path.join(dir, `.agora-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
    return { ok: true, detail: `${dir} ${created ? 'created, writable' : 'writable'}` };
  } catch (error) {
    return { ok: false, detail: `${dir}: ${(error as Error).message}` };
  }
}

async function checkMigrations(config: DatabaseConfig): Promise<Outcome> {
  const database = await createDatabase(config, { poolSize: 1 });
  try {
    const executed = await executedMigrations(database.db, config);
    const unknown = unknownMigrations(executed);
    if (unknown.length) {
      return {
        ok: false,
        detail: `unknown to this version (a newer one upgraded the database): ${unknown.join(', ')}`,
      };
    }
    const pending = knownMigrations().filter((name) => !executed.includes(name));
    if (pending.length) {
      return { ok: false, detail: `${pending.length} pending: ${pending.join(', ')} (run "agora upgrade")` };
    }
    return { ok: true, detail: `up to date (${executed.length} applied, last ${executed.at(-1) ?? 'none'})` };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  } finally {
    await database.close();
  }
}

/** The environment the server would see for this data directory (--data-dir acts as AGORA_DATA_DIR). */
function serverEnv(ctx: CliContext): NodeJS.ProcessEnv {
  return ctx.dataDirGiven ? { ...ctx.io.env, AGORA_DATA_DIR: ctx.dataDir } : ctx.io.env;
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check the configuration, the database and the upload directory',
  usage: '',
  help: [
    'Prints one line per check, OK or FAIL: the config file (JSON, every setting valid), the install record,',
    'the database connection, the migrations (up to date, or the pending list) and the upload directory',
    '(<dataDir>/uploads exists or is created, and is writable). Exit code 1 when any check fails.',
  ],
  options: {},
  async run(_args, ctx) {
    const results: Array<[string, Outcome]> = [];
    const report = (name: string, outcome: Outcome) => {
      results.push([name, outcome]);
      ctx.out(`${outcome.ok ? 'OK  ' : 'FAIL'} ${name}: ${outcome.detail}`);
    };
    const notChecked = (why: string): Outcome => ({ ok: false, detail: `not checked (${why})` });

    const file = ctx.configFile;
    let dataDir = ctx.dataDir;
    let configValid = false;
    if (!existsSync(file)) {
      report('config file', { ok: false, detail: `${file} not found: the site is not installed (run "agora init")` });
    } else {
      try {
        dataDir = loadConfig(serverEnv(ctx)).dataDir;
        configValid = true;
        report('config file', { ok: true, detail: `${file} valid` });
      } catch (error) {
        const message = error instanceof ConfigError ? error.message : (error as Error).message;
        report('config file', { ok: false, detail: message.split('\n').join(' ') });
      }
    }

    let database: DatabaseConfig | undefined;
    if (!configValid) {
      report('install record', notChecked('no valid config file'));
    } else {
      try {
        const record = readInstallRecord(file);
        if (record) {
          database = resolveDatabaseConfig(record.database, ctx.dataDir);
          report('install record', { ok: true, detail: `installed ${record.installed_at}` });
        } else {
          report('install record', {
            ok: false,
            detail: `none in ${file}: the site is not installed (run "agora init")`,
          });
        }
      } catch (error) {
        report('install record', { ok: false, detail: (error as Error).message });
      }
    }

    if (!database) {
      report('database connection', notChecked('no install record'));
      report('database migrations', notChecked('no install record'));
    } else {
      const connection = await checkConnection(database);
      report(
        'database connection',
        connection.ok ? { ok: true, detail: describeDatabase(database) } : { ok: false, detail: connection.error },
      );
      report('database migrations', connection.ok ? await checkMigrations(database) : notChecked('no connection'));
    }

    report('upload directory', checkUploadDir(uploadDirOf(dataDir)));

    const failed = results.filter(([, outcome]) => !outcome.ok).length;
    ctx.out(failed ? `${failed} of ${results.length} checks failed.` : `All ${results.length} checks passed.`);
    return failed ? 1 : 0;
  },
};
