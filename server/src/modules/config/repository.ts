import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Every query on the `config` table (fixed ids, unique keys, JSON-or-number text values). */
type Executor = Kysely<DB> | Transaction<DB>;

export interface ConfigRow {
  id: number;
  key: string;
  value: string;
}

export async function selectConfigRowsByKey(db: Executor, keys: readonly string[]): Promise<ConfigRow[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('config')
    .select(['id', 'key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), key: r.key, value: r.value }));
}

export async function selectConfigRowsById(db: Executor, ids: readonly number[]): Promise<ConfigRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('config')
    .select(['id', 'key', 'value'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), key: r.key, value: r.value }));
}

/** Updates each key's value; a key that does not exist yet is inserted with the given id. */
export async function upsertConfigRows(db: Executor, rows: readonly ConfigRow[]): Promise<void> {
  for (const row of rows) {
    const updated = await db
      .updateTable('config')
      .set({ value: row.value })
      .where('key', '=', row.key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await db.insertInto('config').values(row).execute();
  }
}
