import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/accounts/password';
import { DEMO_PASSWORD } from '../../src/demo';

/** The demo's tables, in a stable order for comparisons. */
export const QA_TABLES = [
  'question',
  'answer',
  'comment',
  'tag',
  'tag_rel',
  'activity',
  'revision',
  'collection',
  'collection_group',
  'meta',
  'question_link',
  'notification',
  'report',
  'user_notification_config',
] as const;

/** A fixed present, so that two runs with one seed produce the same rows. */
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

let hash: Promise<string> | undefined;
/** The demo password hashed once per test file (argon2 is slow on purpose). */
export function demoPasswordHash(): Promise<string> {
  hash ??= hashPassword(DEMO_PASSWORD);
  return hash;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every row of a table as plain JSON values, ordered by its first column (the id). */
export async function rowsOf(db: Kysely<DB>, table: string, omit: string[] = []): Promise<Record<string, unknown>[]> {
  const any = db as unknown as AnyDb;
  const key = table === 'site_info' ? 'type' : 'id';
  const rows = (await any.selectFrom(table).selectAll().orderBy(key).execute()) as Record<string, unknown>[];
  return rows.map((row) => {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) if (!omit.includes(k)) copy[k] = v === null ? null : String(v);
    return copy;
  });
}

/** The config row id of each key. */
export async function configIds(db: Kysely<DB>, keys: string[]): Promise<Record<string, number>> {
  const rows = await db.selectFrom('config').select(['id', 'key']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.id)]));
}
