import { sql } from 'kysely';
import type { DatabaseType } from '../config';
import type { AnyKysely, TableInfo } from './introspect';

/**
 * The app's id counters (db/ids.ts) and the column whose ids each hands out. After a restore every
 * counter is at least the highest id in use, so the next id allocated is new. A counter added by
 * a later migration that hands out ids for a table goes here too.
 */
export const COUNTERS: ReadonlyArray<{ name: string; table: string; column: string }> = [
  { name: 'user', table: 'user', column: 'id' },
  { name: 'uniqid', table: 'uniqid', column: 'id' },
];

export const SEQUENCE_TABLE = 'id_sequence';

/**
 * Raises `id_sequence` counters that are behind their table's highest id (and creates missing
 * ones), comparing in SQL so that values beyond 2^53 stay exact. Returns a line per change. A dump
 * taken from one snapshot never needs it; a hand-edited or partial one might.
 */
export async function alignCounters(trx: AnyKysely, tables: TableInfo[]): Promise<string[]> {
  const names = new Set(tables.map((t) => t.name));
  if (!names.has(SEQUENCE_TABLE)) return [];
  const changes: string[] = [];
  for (const counter of COUNTERS) {
    if (!names.has(counter.table)) continue;
    const highest = sql`(select coalesce(max(${sql.ref(counter.column)}), 0) from ${sql.table(counter.table)})`;
    const before = await trx
      .selectFrom(SEQUENCE_TABLE)
      .select('value')
      .where('name', '=', counter.name)
      .executeTakeFirst();
    if (!before) {
      await sql`insert into ${sql.table(SEQUENCE_TABLE)} (${sql.ref('name')}, ${sql.ref('value')}) select ${counter.name}, ${highest}`.execute(
        trx,
      );
      changes.push(`counter ${counter.name}: created at the highest ${counter.table}.${counter.column}`);
      continue;
    }
    const raised = await trx
      .updateTable(SEQUENCE_TABLE)
      .set({ value: highest })
      .where('name', '=', counter.name)
      .where('value', '<', highest)
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) > 0) {
      changes.push(
        `counter ${counter.name}: raised from ${String(before.value)} to the highest ${counter.table}.${counter.column}`,
      );
    }
  }
  return changes;
}

/**
 * Database-made ids, should a table ever use them: PostgreSQL sequences (serial, identity) do not
 * follow explicitly inserted ids, so each is set past its column's highest value. MySQL
 * AUTO_INCREMENT and SQLite rowids / AUTOINCREMENT move past explicit ids by themselves.
 */
export async function alignDatabaseSequences(trx: AnyKysely, type: DatabaseType): Promise<string[]> {
  if (type !== 'postgres') return [];
  const { rows } = await sql<{ table: string; column: string; seq: string | null }>`
    select c.table_name as "table", c.column_name as "column",
      pg_get_serial_sequence(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name), c.column_name) as seq
    from information_schema.columns c
    where c.table_schema = current_schema() and (c.column_default like 'nextval(%' or c.is_identity = 'YES')`.execute(
    trx,
  );
  const changes: string[] = [];
  for (const { table, column, seq } of rows) {
    if (!seq) continue;
    await sql`select setval(${seq}::regclass, coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      trx,
    );
    changes.push(`sequence ${seq} set past ${table}.${column}`);
  }
  return changes;
}
