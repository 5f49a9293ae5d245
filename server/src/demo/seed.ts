import { type Kysely, sql, type Transaction } from 'kysely';
import { BADGE_BACKFILL_JOB } from '../modules/badge/backfill';
import { queueJob } from '../modules/job/runner';
import type { DB } from '../db/schema';
import { type DemoEnvironment, DemoSetupError, readEnvironment } from './environment';
import { buildPlan, type DemoRole, type Plan } from './plan';
import { dialectOf } from '../db/dialect';
import { readSiteInfo, writeSiteInfo } from '../modules/site-info/store';
import { hashPassword } from '../modules/accounts/password';
import { type DemoCounts, WriteContext } from './seed-context';

export type { DemoCounts };
import { writePlan } from './seed-write';
import { BULK_TABLES, withoutSqliteIndexes } from './seed-db';
import { refreshStatistics } from '../db/statistics';

/** The password of every account the demo creates (printed by `agora demo`, documented in the README). */
export const DEMO_PASSWORD = 'agora-demo-2026';

export interface DemoOptions {
  /** Accounts to add (admin excluded): moderators, members, one suspended, one inactive. At least 5. */
  users?: number;
  /** Questions to add. Default 150. */
  questions?: number;
  /** Same seed, same site. Default "agora". */
  seed?: string | number;
  /** Add content to a site that already has questions. */
  force?: boolean;
  /** The present (Unix ms) the timeline ends at; default now. */
  now?: number;
  /** Length of the timeline in months (30 days). Default 6. */
  months?: number;
  /** Password of the new accounts (default DEMO_PASSWORD). */
  password?: string;
  /** A ready argon2id hash of that password (skips hashing; tests and benchmarks). */
  passwordHash?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface DemoAccount {
  id: number;
  username: string;
  displayName: string;
  email: string;
  role: DemoRole;
  rank: number;
}

export interface DemoResult {
  seed: string;
  password: string;
  /** The accounts the demo created, plus the existing staff that took part (password unchanged). */
  accounts: DemoAccount[];
  counts: DemoCounts;
  durationMs: number;
}

/** The site already has questions and `force` was not given. */
export class DemoRefusedError extends Error {
  override readonly name = 'DemoRefusedError';
}

export { DemoSetupError };

export const DEMO_DEFAULTS = { questions: 150, seed: 'agora', months: 6 } as const;

/** Default number of accounts for a number of questions: about one per four questions, 30 to 5,000. */
export function defaultUserCount(questions: number): number {
  return Math.max(30, Math.min(5000, Math.round(questions / 4)));
}

/**
 * Fills an installed site with sample content (see db/README.md "Sample content"): plans it with a
 * seeded generator, then writes it in one transaction. Throws DemoRefusedError when the site has
 * questions and `force` is not set, DemoSetupError when the site is not installed or migrated.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoOptions = {}): Promise<DemoResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const questions = options.questions ?? DEMO_DEFAULTS.questions;
  const users = options.users ?? defaultUserCount(questions);
  if (!Number.isInteger(users) || users < 5) throw new RangeError('users must be an integer of at least 5');
  if (!Number.isInteger(questions) || questions < 1) throw new RangeError('questions must be a positive integer');
  const seed = String(options.seed ?? DEMO_DEFAULTS.seed);
  const now = Math.floor(options.now ?? Date.now());
  const password = options.password ?? DEMO_PASSWORD;

  const env = await readEnvironment(db);
  if (env.hasQuestions && !options.force) {
    throw new DemoRefusedError(
      'The site already has questions; the demo only fills an empty site (use --force to add to it).',
    );
  }
  const plan = buildPlan(env, { seed, users, questions, now, months: options.months ?? DEMO_DEFAULTS.months });
  log(
    `Planned ${plan.users.filter((u) => !u.existing).length} users, ${plan.questions.length} questions, ` +
      `${plan.answers.length} answers, ${plan.comments.length} comments, ${plan.votes.filter((v) => v.voter >= 0).length} votes`,
  );
  const pass = options.passwordHash ?? (await hashPassword(password));

  // SQLite: a bigger page cache while the indexes of a big site are built (restored afterwards).
  const sqlite = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite3';
  const cacheBefore = sqlite
    ? (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size
    : undefined;
  if (sqlite) await sql`pragma cache_size = -262144`.execute(db);
  const counts = await db
    .transaction()
    .execute(async (trx) => {
      // Checked again inside the transaction: another demo may have finished meanwhile.
      if (!options.force && (await trx.selectFrom('question').select('id').limit(1).executeTakeFirst())) {
        throw new DemoRefusedError(
          'The site already has questions; the demo only fills an empty site (use --force to add to it).',
        );
      }
      const ctx = new WriteContext(trx, plan, env, pass, log);
      const written = await (sqlite
        ? withoutSqliteIndexes(trx, BULK_TABLES, () => writePlan(ctx), log)
        : writePlan(ctx));
      await nameMarkedTags(trx, plan, env);
      // The demo's members earned badges by what they did: a job awards them once a server runs.
      await queueJob(trx, { kind: BADGE_BACKFILL_JOB, input: { badges: [] }, createdBy: 0, now });
      return written;
    })
    .finally(async () => {
      if (sqlite && cacheBefore !== undefined) await sql.raw(`pragma cache_size = ${Number(cacheBefore)}`).execute(db);
    });

  // The tables grew from nothing: the planner learns their sizes now, not when autovacuum gets to it.
  await refreshStatistics(db);
  const accounts: DemoAccount[] = plan.users
    .filter((u) => !u.existing || u.roleId !== 1)
    .map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.display,
      email: u.email,
      role: u.kind,
      rank: u.rank,
    }));
  return { seed, password, accounts, counts, durationMs: Math.round(performance.now() - started) };
}

/**
 * When the write settings named no recommended or reserved tags, the demo marked its defaults on the
 * tags; the settings then name them too, so siteinfo's site_tags and the tags agree.
 */
async function nameMarkedTags(trx: Transaction<DB>, plan: Plan, env: DemoEnvironment): Promise<void> {
  if (env.recommendTags !== null && env.reservedTags !== null) return;
  const stored = (await readSiteInfo<Record<string, unknown>>(trx, 'tags')) ?? {};
  const named = (flag: 'recommend' | 'reserved') =>
    plan.tags.filter((t) => t[flag] === 1).map((t) => ({ slug_name: t.slug, display_name: t.display }));
  await writeSiteInfo(trx, 'tags', {
    required_tag: stored.required_tag === true,
    ...stored,
    ...(env.recommendTags === null ? { recommend_tags: named('recommend') } : {}),
    ...(env.reservedTags === null ? { reserved_tags: named('reserved') } : {}),
  });
}
