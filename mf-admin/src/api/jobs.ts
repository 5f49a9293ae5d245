// Background jobs (GET job?id=): the progress of work the server does after answering, polled until it ends.
import { adminApi } from '@agora/shared-api';
import type { AdminJob } from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** How often a running job is asked about. */
export const JOB_POLL_MS = 1000;

/** Whether a job has ended (done or failed). */
export const jobEnded = (job: AdminJob | undefined) => job?.state === 'done' || job?.state === 'failed';

/** GET job?id=: polled every second while the job is queued or running. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.job(id),
    queryFn: ({ signal }) => adminApi.get<AdminJob>('job', { id }, signal),
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : JOB_POLL_MS),
  });
