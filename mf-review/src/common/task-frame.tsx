import { Alert, Button } from '@agora/shared-ui/antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import type { TaskPager } from './use-task-pager';

/**
 * A queue's panel around its current task: how many are left, the 'already reviewed' notice, and the
 * states without a task (loading, empty, past the end, failed).
 */
export function TaskFrame<T>({ pager, children }: { pager: TaskPager<T>; children: (task: T) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const notice = pager.vanished && (
    <Alert className="review-notice" type="info" showIcon role="status" title={t('queue.vanished')} />
  );
  switch (pager.state) {
    case 'loading':
      return (
        <p className="review-muted" role="status">
          {t('queue.loading')}
        </p>
      );
    case 'failed':
      return (
        <div className="review-state" role="alert">
          <p>{t('queue.load_failed')}</p>
          <Button onClick={pager.retry}>{t('queue.retry')}</Button>
        </div>
      );
    case 'empty':
      return (
        <>
          {notice}
          <p className="review-state review-empty">{t('queue.empty')}</p>
        </>
      );
    case 'ended':
      return (
        <>
          {notice}
          <div className="review-state">
            <p>{t('queue.ended')}</p>
            <Button onClick={pager.restart}>{t('queue.start_again')}</Button>
          </div>
        </>
      );
    case 'task':
      return (
        <>
          {notice}
          <p className="review-left" role="status">
            {t('queue.left', { count: pager.count })}
          </p>
          {pager.task !== undefined && children(pager.task)}
        </>
      );
  }
}

/** The decisions on a task, then Skip: labelled buttons in tab order, all idle while one is pending. */
export function TaskActions({ pager, pending, children }: { pager: TaskPager; pending: boolean; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="review-actions" role="group" aria-label={t('queue.actions')}>
      {children}
      <Button onClick={pager.skip} disabled={pending}>
        {t('queue.skip')}
      </Button>
    </div>
  );
}
