import type { Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const JOB_STATE = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' } as const;

export interface NewJob {
  kind: string;
  input: string;
  createdBy: number;
  total?: number;
  now: number;
}

/** Inserts a queued job and returns its id. */
export async function insertJob(db: Db, job: NewJob, seal?: (input: string, id: number) => string): Promise<number> {
  const id = await nextId(db, 'job');
  await db
    .insertInto('job')
    .values({
      id,
      kind: job.kind,
      state: JOB_STATE.queued,
      total: job.total ?? 0,
      input: seal ? seal(job.input, id) : job.input,
      created_by: job.createdBy,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
  return id;
}

export function findJob(db: Db, id: number) {
  return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first `limit` failures of a job, by item. */
export function jobFailures(db: Db, id: number, limit: number) {
  return db.selectFrom('job_failure').selectAll().where('job_id', '=', id).orderBy('item').limit(limit).execute();
}

/**
 * Ids of jobs a runner may take, oldest first: queued ones, and running ones whose lease ran out
 * (their process stopped or crashed), of the kinds it knows.
 */
export async function claimableJobs(db: Db, kinds: string[], now: number, limit = 5): Promise<number[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('job')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb('state', '=', JOB_STATE.queued),
        eb.and([eb('state', '=', JOB_STATE.running), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Takes a job by compare-and-set: true when this owner now holds it. */
export async function claimJob(db: Db, id: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ state: JOB_STATE.running, lease_owner: owner, lease_until: now + leaseMs, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', '=', JOB_STATE.queued),
        eb.and([eb('state', '=', JOB_STATE.running), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.updateTable('job').set({ started_at: now }).where('id', '=', id).where('started_at', 'is', null).execute();
  return true;
}

/** What a step changes besides the lease: counters, the cursor, the total. */
export interface JobProgress {
  handled?: number;
  failed?: number;
  cursor?: string;
  total?: number;
}

/**
 * Renews the lease and applies `progress`, only while `owner` holds the running job: false when it
 * lost it (another process took it over), and then nothing changed.
 */
export async function advanceJob(
  db: Db,
  id: number,
  owner: string,
  now: number,
  leaseMs: number,
  progress: JobProgress = {},
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set((eb) => ({
      lease_until: now + leaseMs,
      updated_at: now,
      done: eb('done', '+', progress.handled ?? 0),
      failed: eb('failed', '+', progress.failed ?? 0),
      ...(progress.cursor !== undefined ? { cursor: progress.cursor } : {}),
      ...(progress.total !== undefined ? { total: progress.total } : {}),
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', JOB_STATE.running)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertFailures(
  trx: Db,
  id: number,
  failures: Array<{ item: number; reason: string; params: string }>,
): Promise<void> {
  if (failures.length === 0) return;
  await trx
    .insertInto('job_failure')
    .values(failures.map((f) => ({ job_id: id, item: f.item, reason: f.reason, params: f.params })))
    .execute();
}

/** Ends a job this owner holds (done or failed): the input goes, the lease is let go. */
export async function finishJob(
  db: Db,
  id: number,
  owner: string,
  now: number,
  end: { state: 'done' | 'failed'; result?: string; error?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      state: end.state,
      ...(end.result !== undefined ? { result: end.result } : {}),
      error: end.error ?? '',
      input: null,
      lease_owner: null,
      lease_until: null,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', JOB_STATE.running)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
