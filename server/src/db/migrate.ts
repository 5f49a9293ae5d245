import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationInfo, type MigrationResult } from 'kysely';
import type { DatabaseConfig } from './config';
import { MIGRATIONS } from './migrations';
import type { DB } from './schema';
import { refreshStatistics } from './statistics';

/** Kysely's bookkeeping tables: the applied migrations, and the lock that keeps two runners apart. */
export const MIGRATION_TABLE = 'agora_migration';
export const MIGRATION_LOCK_TABLE = 'agora_migration_lock';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  /** The migrations that did run before the failure. */
  readonly applied: string[];

  constructor(message: string, applied: string[], options?: { cause?: unknown }) {
    super(message, options);
    this.applied = applied;
  }
}

export interface MigrateOptions {
  /** Only for tests: a different set of migrations. */
  migrations?: Record<string, Migration>;
}

/**
 * The migrator for a database. On PostgreSQL the bookkeeping tables live in the configured schema
 * (default `public`), so another schema's tables of the same name are never mistaken for ours.
 */
export function createMigrator(db: Kysely<DB>, config: DatabaseConfig, options: MigrateOptions = {}): Migrator {
  const migrations = options.migrations ?? MIGRATIONS;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    ...(config.type === 'postgres' ? { migrationTableSchema: config.schema ?? 'public' } : {}),
  });
}

function outcome(results: MigrationResult[] | undefined, error: unknown, what: string): string[] {
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`${what} failed${failed ? ` in ${failed}` : ''}: ${reason}`, applied, { cause: error });
  }
  return applied;
}

/**
 * Brings the schema up to date. Idempotent: a second run applies nothing. Concurrent runners wait
 * for each other (Kysely's migration lock). Returns the names of the migrations it applied.
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  config: DatabaseConfig,
  options: MigrateOptions = {},
): Promise<string[]> {
  const { results, error } = await createMigrator(db, config, options).migrateToLatest();
  const applied = outcome(results, error, 'Migration');
  // An upgrade (not a fresh install, whose tables are empty) may have rewritten tables.
  const first = Object.keys(options.migrations ?? MIGRATIONS).sort()[0];
  if (applied.length > 0 && applied[0] !== first) await refreshStatistics(db);
  return applied;
}

/** Reverts every migration (tests, and `down` checks). Returns the names it reverted, newest first. */
export async function migrateDownAll(
  db: Kysely<DB>,
  config: DatabaseConfig,
  options: MigrateOptions = {},
): Promise<string[]> {
  const { results, error } = await createMigrator(db, config, options).migrateTo(NO_MIGRATIONS);
  return outcome(results, error, 'Reverting migrations');
}

/** Every known migration and whether it has run (for `agora check` and `agora upgrade`). */
export async function migrationStatus(
  db: Kysely<DB>,
  config: DatabaseConfig,
  options: MigrateOptions = {},
): Promise<{ name: string; executedAt: Date | null }[]> {
  const list: readonly MigrationInfo[] = await createMigrator(db, config, options).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

/** Migrations that exist in the code but have not run on this database. */
export async function pendingMigrations(db: Kysely<DB>, config: DatabaseConfig): Promise<string[]> {
  return (await migrationStatus(db, config)).filter((m) => !m.executedAt).map((m) => m.name);
}
