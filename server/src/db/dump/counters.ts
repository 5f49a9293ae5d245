import { sql } from 'kysely';
import type { DatabaseType } from '../config';
import type { AnyKysely, TableInfo } from './introspect';

export const SEQUENCE_TABLE = 'id_sequence';

/**
 * Which column a counter of `id_sequence` (db/ids.ts) hands out ids for: by convention the `id` of
 * the table it is named after (`user` -> user.id, `uniqid` -> uniqid.id, `activity` -> activity.id,
 * ...). A counter that breaks the convention goes in COUNTER_COLUMNS.
 */
export const COUNTER_COLUMNS: Readonly<Record<string, { table: string; column: string }>> = {};

function counterColumn(name: string, tables: TableInfo[]): { table: string; column: string } | undefined {
  const explicit = COUNTER_COLUMNS[name];
  if (explicit) return explicit;
  const table = tables.find((t) => t.name === name);
  const id = table?.columns.find((c) => c.name === 'id');
  return id?.kind === 'integer' ? { table: name, column: 'id' } : undefined;
}

/**
 * Raises every `id_sequence` counter that is behind the highest id of its table, comparing in SQL so
 * that values beyond 2^53 stay exact. Returns a line per change. A dump taken from one snapshot never
 * needs it; a hand-edited or partial one might.
 */
export async function alignCounters(trx: AnyKysely, tables: TableInfo[]): Promise<string[]> {
  if (!tables.some((t) => t.name === SEQUENCE_TABLE)) return [];
  const counters = (await trx.selectFrom(SEQUENCE_TABLE).select(['name', 'value']).orderBy('name').execute()) as Array<{
    name: string;
    value: unknown;
  }>;
  const changes: string[] = [];
  for (const counter of counters) {
    const target = counterColumn(counter.name, tables);
    if (!target) continue;
    const highest = sql`(select coalesce(max(${sql.ref(target.column)}), 0) from ${sql.table(target.table)})`;
    const raised = await trx
      .updateTable(SEQUENCE_TABLE)
      .set({ value: highest })
      .where('name', '=', counter.name)
      .where('value', '<', highest)
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) > 0) {
      changes.push(
        `counter ${counter.name}: raised from ${String(counter.value)} to the highest ${target.table}.${target.column}`,
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
