import { sql, type DialectAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Where a server database (PostgreSQL, MySQL) takes its id counters from: one connection of its own,
 * outside every writer's transaction. Each allocation is committed at once, so the counter row is
 * locked for one statement instead of until the writer commits; writers that need the same counter
 * (every vote writes activity rows) no longer queue behind each other's whole transaction. A writer
 * that rolls back leaves a gap in the counter, never a duplicate.
 *
 * The connection is a pool of its own (size 1) so that allocating never waits for the main pool: a
 * pool whose every connection is held by a transaction that needs an id would otherwise wait forever.
 *
 * SQLite has one writer at a time anyway and one connection per process: its counters stay inside the
 * writer's transaction (no source is registered for it).
 */
export interface IdSource {
  /** Raises counter `name` by `count` and returns its new value (the last of the `count` values). */
  take(name: string, count: number): Promise<number>;
}

/** Sources by the adapter object, which a Kysely instance shares with every transaction it opens. */
const sources = new WeakMap<DialectAdapter, IdSource>();

export function registerIdSource(db: Kysely<DB>, source: IdSource): void {
  sources.set(db.getExecutor().adapter, coalescing(source));
}

interface Waiting {
  count: number;
  resolve: (last: number) => void;
  reject: (error: unknown) => void;
}

/**
 * One statement at a time per counter: requests that arrive while one is on its way are added up and
 * served by the next single `take`, each getting its own consecutive run of values. Under a burst (200
 * votes at once) the counters' one connection then sends a handful of statements instead of a queue of
 * hundreds, and the values still go out in the order they were asked for.
 */
export function coalescing(source: IdSource): IdSource {
  const waiting = new Map<string, Waiting[]>();
  const busy = new Set<string>();
  async function drain(name: string): Promise<void> {
    busy.add(name);
    for (let batch = waiting.get(name); batch?.length; batch = waiting.get(name)) {
      waiting.delete(name);
      const total = batch.reduce((sum, w) => sum + w.count, 0);
      try {
        let end = (await source.take(name, total)) - total;
        for (const w of batch) w.resolve((end += w.count));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    busy.delete(name);
  }
  return {
    take: (name, count) =>
      new Promise<number>((resolve, reject) => {
        const batch = waiting.get(name) ?? [];
        batch.push({ count, resolve, reject });
        waiting.set(name, batch);
        if (!busy.has(name)) void drain(name);
      }),
  };
}

/** Transactions that raise counters themselves (see `keepIdsInTransaction`). */
const selfCounting = new WeakSet<Transaction<DB>>();

/**
 * Marks a transaction that writes `id_sequence` rows directly (the installer runs the badge
 * migration's seeding, which raises the object id counter): it holds those rows' locks until it
 * commits, so its own allocations must stay inside it instead of waiting on the id source.
 */
export function keepIdsInTransaction(trx: Transaction<DB>): void {
  selfCounting.add(trx);
}

/** The id source of a database or of a transaction on it, if it has one and may use it. */
export function idSourceOf(db: Kysely<DB>): IdSource | undefined {
  if (db.isTransaction && selfCounting.has(db as Transaction<DB>)) return undefined;
  return sources.get(db.getExecutor().adapter);
}

function missing(name: string): Error {
  return new Error(`The id sequence "${name}" does not exist: is the database migrated?`);
}

/** PostgreSQL: one autocommitted UPDATE ... RETURNING. */
export function postgresIdSource(db: Kysely<DB>): IdSource {
  return {
    async take(name, count) {
      const row = await db
        .updateTable('id_sequence')
        .set((eb) => ({ value: eb('value', '+', count) }))
        .where('name', '=', name)
        .returning('value')
        .executeTakeFirst();
      if (!row) throw missing(name);
      return Number(row.value);
    },
  };
}

/**
 * MySQL/MariaDB: the classic sequence idiom, `value = LAST_INSERT_ID(value + n)` (autocommitted),
 * then `LAST_INSERT_ID()` read back on the same connection, where it is private to that connection.
 */
export function mysqlIdSource(db: Kysely<DB>): IdSource {
  return {
    take: (name, count) =>
      db.connection().execute(async (connection) => {
        const updated =
          await sql`update id_sequence set value = last_insert_id(value + ${count}) where name = ${name}`.execute(
            connection,
          );
        if (Number(updated.numAffectedRows ?? 0) !== 1) throw missing(name);
        const { rows } = await sql<{ value: number | string }>`select last_insert_id() as value`.execute(connection);
        return Number(rows[0]!.value);
      }),
  };
}
