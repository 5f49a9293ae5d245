import type { Nullable, WithDefault } from './columns';

/** Background jobs (migration 20261129090100_jobs; modules/job). */

/** One job: what it is, how far it got, and which server process holds it until when. */
export interface JobTable {
  id: number;
  /** The handler that runs it (e.g. `users.bulk_add`, `badge.backfill`). */
  kind: string;
  /** queued, running, done, failed. */
  state: string;
  done: WithDefault<number>;
  total: WithDefault<number>;
  /** Items that could not be handled (rows in job_failure). */
  failed: WithDefault<number>;
  /** Where the handler resumes after a takeover (its own format). */
  cursor: WithDefault<string>;
  /** The handler's input (sealed when it holds secrets); NULL once the job ended. */
  input: Nullable<string>;
  /** Small JSON the handler leaves (counts). */
  result: WithDefault<string>;
  /** The reason key of a job that failed as a whole ('' otherwise). */
  error: WithDefault<string>;
  /** The administrator who started it; 0 for the site itself (an upgrade). */
  created_by: number;
  lease_owner: Nullable<string>;
  lease_until: Nullable<number>;
  created_at: number;
  started_at: Nullable<number>;
  updated_at: number;
  finished_at: Nullable<number>;
}

/** An item a job could not handle: its number (a 1-based line, a member id), the reason key and JSON parameters. */
export interface JobFailureTable {
  job_id: number;
  item: number;
  reason: string;
  params: string;
}
