import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, insertMissing, tableOptions, type AnyDb } from './helpers';

/**
 * Background jobs (modules/job): one `job` row per piece of work too long for a request (a bulk import
 * of members, badges awarded over a site's history). Columns: `kind` (which handler runs it), `state`
 * (queued, running, done, failed), `done` / `total` (items handled / to handle), `cursor` (where a
 * handler resumes, its own format), `input` (what the handler needs; sealed when it holds secrets,
 * cleared once the job ends), `result` (small JSON), `error` (the reason key of a job that failed as a
 * whole), `created_by` (the administrator, 0 for the site itself), the lease (`lease_owner`, a random
 * id per server process, and `lease_until`, Unix ms: a job whose lease ran out is taken over by
 * another process) and the times. `job_failure` holds the items that could not be handled, each
 * with its reason key and JSON parameters. Ids come from the `job` counter of id_sequence.
 *
 * A site that already has members and the badge catalogue gets one queued job that awards the
 * badges its members already earned (the badge system runs here for the first time with history).
 */
export const jobs: Migration = {
  async up(db: AnyDb) {
    await insertMissing(db, 'id_sequence', 'name', [{ name: 'job', value: 0 }]);
    const longText = dialectOf(db) === 'mysql' ? sql`mediumtext` : sql`text`;
    await tableOptions(db)(
      db.schema
        .createTable('job')
        .ifNotExists()
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('state', 'varchar(10)', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('input', longText)
        .addColumn('result', 'varchar(2000)', (c) => c.notNull().defaultTo('{}'))
        .addColumn('error', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'varchar(64)')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint'),
    ).execute();
    // The runner's pick: the oldest queued job, or a running one whose lease ran out.
    await ensureIndex(db, { name: 'job_state_idx', table: 'job', columns: ['state', 'id'] });
    await tableOptions(db)(
      db.schema
        .createTable('job_failure')
        .ifNotExists()
        .addColumn('job_id', 'bigint', (c) => c.notNull())
        .addColumn('item', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(100)', (c) => c.notNull())
        .addColumn('params', 'varchar(1000)', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_failure_pk', ['job_id', 'item']),
    ).execute();

    const installed = await db.selectFrom('badge').select('id').limit(1).execute();
    const members = await db.selectFrom('user').select('id').limit(1).execute();
    const queued = await db.selectFrom('job').select('id').where('kind', '=', 'badge.backfill').limit(1).execute();
    if (installed.length && members.length && !queued.length) {
      await db.updateTable('id_sequence').set({ value: 1 }).where('name', '=', 'job').where('value', '=', 0).execute();
      const now = Date.now();
      await db
        .insertInto('job')
        .values({
          id: 1,
          kind: 'badge.backfill',
          state: 'queued',
          input: JSON.stringify({ badges: [] }),
          created_by: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('job_failure').ifExists().execute();
    await db.schema.dropTable('job').ifExists().execute();
    await db.deleteFrom('id_sequence').where('name', '=', 'job').execute();
  },
};
