import { Type, type Static } from 'typebox';

// Background jobs (GET /answer/admin/api/job?id=, administrators only): work too long for a request
// (a bulk import of members, badges awarded over a site's history) runs on the server, and the admin
// screens poll its progress here.

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const JobState = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type JobState = (typeof JOB_STATES)[number];

/** An item the job could not handle: its number (a 1-based line, a member id), the reason and its text. */
export const JobFailure = Type.Object({ item: Type.Integer(), reason: Type.String(), msg: Type.String() });
export type JobFailure = Static<typeof JobFailure>;

/**
 * A job's progress: `done` of `total` items handled (`total` 0 while not yet known), `failed` of them
 * could not be handled (`failures` lists the first 1000, by item), `result` the handler's counts,
 * `error_msg` why a failed job stopped. Times in Unix seconds (0: not yet).
 */
export const AdminJob = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  state: JobState,
  done: Type.Integer(),
  total: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(JobFailure),
  result: Type.Record(Type.String(), Type.Number()),
  error_msg: Type.String(),
  created_at: Type.Integer(),
  finished_at: Type.Integer(),
});
export type AdminJob = Static<typeof AdminJob>;

/** GET job?id=. */
export const AdminJobQuery = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) });
export type AdminJobQuery = Static<typeof AdminJobQuery>;
