import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseConfig } from '../db/config';
import { createMigrator, MIGRATION_TABLE, MigrationError } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';
import type { DB } from '../db/schema';

/**
 * Migrations one at a time (agora upgrade, agora restore). Each step is one run of Kysely's
 * migrator: it takes the migration lock, runs one migration and records it. On PostgreSQL and
 * SQLite the step is one transaction, so an interrupted or failed migration leaves nothing behind
 * and the ones before it stay applied; on MySQL (no transactional DDL) a migration that stopped
 * half-way runs again from the start over its own partial work, which every migration must allow
 * (see db/migrations/helpers.ts).
 */

export interface StepOptions {
  /** Only for tests: a different set of migrations. */
  migrations?: Record<string, Migration>;
  /** Called after each migration that was applied (or reverted). */
  onStep?: (name: string) => void;
}

/** Every migration this version knows, in the order they run. */
export function knownMigrations(migrations: Record<string, Migration> = MIGRATIONS): string[] {
  return Object.keys(migrations).sort();
}

/**
 * The migrations recorded as run in the database, in name order ([] when the bookkeeping table
 * does not exist yet). Unlike Kysely's status, this includes names the code does not know.
 */
export async function executedMigrations(db: Kysely<DB>, config: DatabaseConfig): Promise<string[]> {
  const any = db as unknown as Kysely<Record<string, { name: string }>>;
  const table = config.type === 'postgres' ? `${config.schema ?? 'public'}.${MIGRATION_TABLE}` : MIGRATION_TABLE;
  try {
    const rows = await any.selectFrom(table).select('name').execute();
    return rows.map((r) => r.name).sort();
  } catch (error) {
    if (await bookkeepingExists(db, config)) throw error;
    return [];
  }
}

async function bookkeepingExists(db: Kysely<DB>, config: DatabaseConfig): Promise<boolean> {
  const raw = db as unknown as Kysely<unknown>;
  if (config.type === 'sqlite3') {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(raw);
    return Number(rows[0]?.n) > 0;
  }
  const schema = config.type === 'postgres' ? sql`${config.schema ?? 'public'}` : sql`database()`;
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from information_schema.tables
    where table_schema = ${schema} and table_name = ${MIGRATION_TABLE}`.execute(raw);
  return Number(rows[0]?.n) > 0;
}

/** Names recorded in the database that this version does not know (the database is newer). */
export function unknownMigrations(executed: string[], migrations?: Record<string, Migration>): string[] {
  const known = new Set(knownMigrations(migrations));
  return executed.filter((name) => !known.has(name));
}

async function step(db: Kysely<DB>, config: DatabaseConfig, direction: 'up' | 'down', options: StepOptions) {
  const migrator = createMigrator(db, config, { migrations: options.migrations });
  const { results, error } = direction === 'up' ? await migrator.migrateUp() : await migrator.migrateDown();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`${failed ? `Migration ${failed}` : 'Migrating'} failed: ${reason}`, [], { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Applies every pending migration, each in a step of its own. Returns the names applied, in order;
 * on failure throws MigrationError whose `applied` lists the ones that did run.
 */
export async function upgradeStepwise(
  db: Kysely<DB>,
  config: DatabaseConfig,
  options: StepOptions = {},
): Promise<string[]> {
  const applied: string[] = [];
  for (;;) {
    let names: string[];
    try {
      names = await step(db, config, 'up', options);
    } catch (error) {
      const e = error as MigrationError;
      throw new MigrationError(e.message, applied, { cause: e.cause });
    }
    if (names.length === 0) return applied;
    for (const name of names) {
      applied.push(name);
      options.onStep?.(name);
    }
  }
}

/**
 * Brings the schema to exactly `target` (the last migration to have run), going up or down one
 * migration at a time. Returns what ran: `up` names applied, `down` names reverted.
 */
export async function migrateStepwiseTo(
  db: Kysely<DB>,
  config: DatabaseConfig,
  target: string,
  options: StepOptions = {},
): Promise<{ up: string[]; down: string[] }> {
  const known = knownMigrations(options.migrations);
  const index = known.indexOf(target);
  if (index < 0) throw new MigrationError(`Unknown migration ${target}`, []);
  const up: string[] = [];
  const down: string[] = [];
  for (;;) {
    const executed = await executedMigrations(db, config);
    const last = executed.at(-1);
    const lastIndex = last === undefined ? -1 : known.indexOf(last);
    if (lastIndex === index) return { up, down };
    const direction = lastIndex < index ? 'up' : 'down';
    const names = await step(db, config, direction, options);
    if (names.length === 0) throw new MigrationError(`Could not migrate ${direction} towards ${target}`, up);
    for (const name of names) {
      (direction === 'up' ? up : down).push(name);
      options.onStep?.(name);
    }
  }
}
