import type { AdminJob } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { Alert, Button, Modal, Progress } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { jobEnded, jobQuery } from '../api/jobs';
import { NAMESPACE } from '../namespace';
import { QueryState } from './query-state';

export interface JobProgressProps {
  /** The job's id (as the POST or PUT that started it answered). */
  id: string;
  /** The heading over the items that could not be handled (e.g. 'Lines not imported'). */
  failuresTitle: string;
  /** What the finished job achieved, from its result (e.g. '12 members were added.'). */
  summary(job: AdminJob): string;
  /** Called once when the job ends (to refresh what it changed). */
  onEnded?(job: AdminJob): void;
}

/**
 * A background job's progress (GET job?id=, polled every second while it runs): a bar of done / total,
 * an announced line of text, and once it has ended what it achieved and each item it could not handle
 * with the reason.
 */
export function JobProgress({ id, failuresTitle, summary, onEnded }: JobProgressProps) {
  const query = useQuery(jobQuery(id));
  return (
    <QueryState query={query}>{(job) => <JobState job={job} {...{ failuresTitle, summary, onEnded }} />}</QueryState>
  );
}

function JobState({ job, failuresTitle, summary, onEnded }: Omit<JobProgressProps, 'id'> & { job: AdminJob }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  const n = (value: number) => formatCount(value, i18n.language);
  const ended = jobEnded(job);
  useEffect(() => {
    if (ended) onEnded?.(job);
    // Once per end: the job no longer changes after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended]);
  const percent = job.total > 0 ? Math.floor((job.done * 100) / job.total) : ended ? 100 : 0;
  const counts = { done: n(job.done), total: n(job.total), failed: n(job.failed) };
  let text: string;
  if (job.state === 'queued') text = t('jobs.queued');
  else if (job.state === 'running') text = t('jobs.running', counts);
  else if (job.state === 'done') text = `${t('jobs.done', counts)} ${summary(job)}`;
  else text = t('jobs.failed', counts);
  return (
    <div className="admin-job">
      <Progress
        percent={percent}
        status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'}
        aria-label={t('jobs.progress')}
      />
      <p role="status" aria-live="polite">
        {text}
      </p>
      {job.state === 'failed' && job.error_msg && <Alert type="error" showIcon message={job.error_msg} />}
      {ended && job.failures.length > 0 && (
        <section aria-labelledby={headingId} className="admin-job__failures">
          <h3 id={headingId}>{failuresTitle}</h3>
          <ul>
            {job.failures.map((f) => (
              <li key={f.item}>{f.msg}</li>
            ))}
          </ul>
          {job.failed > job.failures.length && (
            <p className="admin-muted">{t('jobs.more_failures', { count: job.failed - job.failures.length })}</p>
          )}
        </section>
      )}
    </div>
  );
}

/** A dialog showing a job's progress (JobProgress) with a Close button; closing leaves the job running. */
export function JobDialog({ title, onClose, ...progress }: JobProgressProps & { title: string; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal
      open
      className="admin-dialog"
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('jobs.close')}</Button>}
      destroyOnHidden
    >
      <p className="admin-dialog-note">{t('jobs.note')}</p>
      <JobProgress {...progress} />
    </Modal>
  );
}
