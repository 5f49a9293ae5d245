import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database';
import { nextId, nextIds } from '../../src/db/ids';
import { keepIdsInTransaction } from '../../src/db/id-source';
import { migrateToLatest } from '../../src/db/migrate';
import { writeTransaction } from '../../src/db/transaction';
import { testDatabases, type FreshDatabase } from './databases';

const { available } = await testDatabases();

/** Resolves with 'waiting' if `promise` has not settled after `ms` (a writer blocked on a lock). */
const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

/**
 * Id counters on the server databases are raised outside the writer's transaction: a writer that
 * took an id and is still working never makes another writer wait for the same counter, and a
 * rolled-back writer leaves a gap instead of a value handed out twice. SQLite keeps its counters
 * inside the (already exclusive) write transaction.
 */
describe.each(available)('id counters on $label', (target) => {
  let fresh: FreshDatabase;
  let database: Database;
  beforeAll(async () => {
    fresh = await target.fresh();
    database = await createDatabase(fresh.config);
    await migrateToLatest(database.db, fresh.config);
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('hands out distinct values to many writers at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, () => writeTransaction(database.db, (trx) => nextId(trx, 'activity'))),
    );
    expect(new Set(ids).size).toBe(40);
    const first = await nextIds(database.db, 'activity', 5);
    expect(first).toBeGreaterThan(Math.max(...ids));
    expect(await nextId(database.db, 'activity')).toBe(first + 5);
  });

  it.skipIf(target.type === 'sqlite3')('never makes a writer wait for another writer that holds an id', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = 0;
    let tookFirst!: () => void;
    const started = new Promise<void>((resolve) => (tookFirst = resolve));
    const slow = writeTransaction(database.db, async (trx) => {
      first = await nextId(trx, 'activity');
      tookFirst();
      await held;
    });
    await started;
    const second = await settledWithin(
      writeTransaction(database.db, (trx) => nextId(trx, 'activity')),
      3_000,
    );
    release();
    await slow;
    expect(second).toBe(first + 1);
  });

  it('never hands out a value again after a writer rolled back', async () => {
    let lost = 0;
    await expect(
      writeTransaction(database.db, async (trx) => {
        lost = await nextId(trx, 'activity');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await nextId(database.db, 'activity');
    // SQLite rolls its in-transaction counter back with the writer: the value comes round again.
    expect(after).toBe(target.type === 'sqlite3' ? lost : lost + 1);
  });

  it('lets a transaction that raised a counter itself keep allocating inside it', async () => {
    const id = await settledWithin(
      database.db.transaction().execute(async (trx) => {
        keepIdsInTransaction(trx);
        await trx
          .updateTable('id_sequence')
          .set((eb) => ({ value: eb('value', '+', 10) }))
          .where('name', '=', 'uniqid')
          .execute();
        return nextId(trx, 'uniqid');
      }),
      3_000,
    );
    expect(typeof id).toBe('number');
  });
});
