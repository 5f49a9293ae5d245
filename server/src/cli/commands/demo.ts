import { migrateToLatest } from '../../db/migrate';
import {
  DEMO_DEFAULTS,
  defaultUserCount,
  DemoRefusedError,
  DemoSetupError,
  seedDemo,
  type DemoAccount,
  type DemoResult,
} from '../../demo';
import { CliError, UsageError, type CliContext, type Command } from '../context';

const LIMITS = { users: [5, 100_000], questions: [1, 1_000_000] } as const;

function count(name: keyof typeof LIMITS, raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const [min, max] = LIMITS[name];
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${String(raw)}")`);
  }
  return value;
}

/** Who to log in as: every staff account, three members (highest, middle, lowest reputation), the suspended and the inactive one. */
function showcase(accounts: DemoAccount[]): Array<[label: string, account: DemoAccount]> {
  const staff = accounts.filter((a) => a.role === 'admin' || a.role === 'moderator');
  const members = accounts.filter((a) => a.role === 'member').sort((a, b) => b.rank - a.rank || a.id - b.id);
  const picked: Array<[string, DemoAccount]> = staff.slice(0, 6).map((a) => [a.role, a]);
  if (members.length) {
    picked.push(['member (top reputation)', members[0]!]);
    if (members.length > 2) picked.push(['member', members[Math.floor(members.length / 2)]!]);
    if (members.length > 1) picked.push(['member (new)', members.at(-1)!]);
  }
  for (const role of ['suspended', 'inactive'] as const) {
    const account = accounts.find((a) => a.role === role);
    if (account) picked.push([role, account]);
  }
  return picked;
}

function report(ctx: CliContext, result: DemoResult): void {
  const c = result.counts;
  ctx.out(`Sample content added in ${(result.durationMs / 1000).toFixed(1)} s (seed "${result.seed}"):`);
  ctx.out(
    `  ${c.users} users, ${c.tags} tags, ${c.questions} questions, ${c.answers} answers (${c.accepted} accepted), ` +
      `${c.comments} comments, ${c.votes} votes, ${c.bookmarks} bookmarks, ${c.follows} follows, ${c.reports} flags, ` +
      `${c.notifications} notifications`,
  );
  ctx.out('');
  ctx.out(`Every new account's password is: ${result.password}`);
  ctx.out('(Existing accounts, such as the administrator, keep their own password.)');
  const rows = showcase(result.accounts);
  const width = Math.max(...rows.map(([label]) => label.length), 4);
  const mail = Math.max(...rows.map(([, a]) => a.email.length), 6);
  ctx.out(`  ${'role'.padEnd(width)}  ${'e-mail'.padEnd(mail)}  reputation  name`);
  for (const [label, a] of rows) {
    ctx.out(`  ${label.padEnd(width)}  ${a.email.padEnd(mail)}  ${String(a.rank).padStart(10)}  ${a.displayName}`);
  }
  const shown = new Set(rows.map(([, a]) => a.id));
  const rest = result.accounts.filter((a) => !shown.has(a.id)).length;
  if (rest) ctx.out(`  ... and ${rest} more members (first.last@example.com, as listed under /users)`);
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'fill a fresh site with sample users, tags, questions, answers, comments and votes',
  usage: '[--users N] [--questions N] [--seed S] [--force]',
  help: [
    `--questions  questions to add (default ${DEMO_DEFAULTS.questions}; 1 to ${LIMITS.questions[1]})`,
    `--users      accounts to add: moderators, members, one suspended, one inactive (default: questions / 4,`,
    `             at least 30; ${LIMITS.users[0]} to ${LIMITS.users[1]})`,
    `--seed       same seed, same content (default "${DEMO_DEFAULTS.seed}"); times end at the moment it runs`,
    '--force      add to a site that already has questions (refused otherwise)',
    'The database is migrated first, as the server does at start. Everything is written in one',
    'transaction: on failure nothing is added. The new accounts share one password, printed at the end.',
  ],
  options: {
    users: { type: 'string' },
    questions: { type: 'string' },
    seed: { type: 'string' },
    force: { type: 'boolean' },
  },
  async run({ values }, ctx) {
    const questions = count('questions', values.questions);
    const users = count('users', values.users) ?? defaultUserCount(questions ?? DEMO_DEFAULTS.questions);
    const seed = typeof values.seed === 'string' ? values.seed : undefined;
    if (seed !== undefined && seed.trim() === '') throw new UsageError('--seed must not be empty');
    const database = await ctx.openDatabase();
    try {
      await migrateToLatest(database.db, database.config);
      const result = await seedDemo(database.db, {
        users,
        ...(questions !== undefined ? { questions } : {}),
        ...(seed !== undefined ? { seed } : {}),
        force: values.force === true,
      });
      report(ctx, result);
      return 0;
    } catch (error) {
      if (error instanceof DemoRefusedError || error instanceof DemoSetupError) throw new CliError(error.message);
      throw error;
    } finally {
      await database.close();
    }
  },
};
