import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { createServer } from 'node:net';
import { testDatabases } from './databases';

const { available } = await testDatabases();
const servers = available.filter((target) => target.type !== 'sqlite3');
// A run on SQLite alone (AGORA_TEST_DATABASES=sqlite) has nothing to check here, and says so.
if (servers.length === 0) it.skip('needs PostgreSQL or MariaDB in the run', () => undefined);

/**
 * A burst of requests on a full pool waits its turn: the connect timeout bounds connecting to the
 * database, never the wait for a connection another request is using (a 500 for the 200th vote of a
 * burst on a busy machine, before). Connecting to nothing still fails within the timeout.
 */
describe.each(servers)('the connection pool on $label', (target) => {
  it('lets a request wait longer than the connect timeout for a busy connection', async () => {
    const fresh = await target.fresh();
    const database = await createDatabase(fresh.config, { poolSize: 1, connectTimeoutMs: 300 });
    try {
      const sleep = target.type === 'postgres' ? sql`select pg_sleep(1)` : sql`select sleep(1)`;
      const busy = sleep.execute(database.db);
      const started = Date.now();
      const waiting = sql<{ one: number }>`select 1 as one`.execute(database.db);
      await expect(waiting).resolves.toMatchObject({ rows: [{ one: 1 }] });
      expect(Date.now() - started).toBeGreaterThan(300);
      await busy;
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('still gives up connecting to a server that never answers, within the timeout', async () => {
    const fresh = await target.fresh();
    // Accepts the connection and says nothing: the driver waits for the handshake until it gives up.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    if (fresh.config.type === 'sqlite3') throw new Error('a database server was expected');
    const database = await createDatabase({ ...fresh.config, host: '127.0.0.1', port }, { connectTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await database.close().catch(() => undefined);
      silent.close();
      await fresh.drop();
    }
  });
});
