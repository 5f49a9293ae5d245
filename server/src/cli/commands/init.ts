import { installFromEnv, INSTALL_ENV, type InstallEnv, type InstallEnvName } from '../../modules/install/env';
import { InstallError } from '../../modules/install/errors';
import type { Command, OptionsConfig } from '../context';

/** `--db-type` etc.: every install variable but AUTO_INSTALL has a flag, which wins over the variable. */
const FLAG_OF = Object.fromEntries(
  INSTALL_ENV.filter((name) => name !== 'AUTO_INSTALL').map((name) => [name, name.toLowerCase().replace(/_/g, '-')]),
) as Record<Exclude<InstallEnvName, 'AUTO_INSTALL'>, string>;

const options: OptionsConfig = Object.fromEntries(Object.values(FLAG_OF).map((flag) => [flag, { type: 'string' }]));

export const initCommand: Command = {
  name: 'init',
  summary: 'install the site without the browser wizard (from flags or the environment)',
  usage:
    '[--db-type sqlite3|postgres|mysql] [--db-file F | --db-host H:P --db-username U --db-password P --db-name N]\n' +
    '         [--language en_US] --site-name S --site-url URL --contact-email E --admin-name N --admin-password P --admin-email E',
  help: [
    'Each flag can be given as an environment variable instead (flags win):',
    `  ${Object.entries(FLAG_OF)
      .map(([env, flag]) => `--${flag}=${env}`)
      .join('  ')}`,
    'AUTO_INSTALL is not needed here. Prefer ADMIN_PASSWORD / DB_PASSWORD in the environment: flags show in ps.',
    'An installed site is left alone (exit 0). A database that already holds a site is refused (exit 1).',
  ],
  options,
  async run({ values }, ctx) {
    const env: InstallEnv = {};
    for (const [name, flag] of Object.entries(FLAG_OF) as Array<[InstallEnvName, string]>) {
      const value = values[flag] ?? ctx.io.env[name];
      if (typeof value === 'string') env[name] = value;
    }
    try {
      const result = await installFromEnv(env, {
        dataDir: ctx.dataDir,
        configFile: ctx.configFile,
        log: (line) => ctx.out(line),
      });
      if (result.status === 'already-installed') {
        ctx.out(result.message);
        return 0;
      }
      ctx.out(`Installed. Administrator id ${result.adminId}: start the server and log in with the admin e-mail.`);
      return 0;
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      if (error.code === 'invalid_input' && error.fields.length) {
        ctx.err('Cannot install: these settings are missing or invalid:');
        for (const field of error.fields) {
          const flag = FLAG_OF[field.field as keyof typeof FLAG_OF];
          ctx.err(`  ${field.field}${flag ? ` (--${flag})` : ''} ${field.message}`);
        }
      } else {
        ctx.err(`Cannot install: ${error.message}`);
      }
      return 1;
    }
  },
};
