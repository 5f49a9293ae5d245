import { Alert, Button } from '@agora/shared-ui/antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import type { TaskPager } from './use-task-pager';

/** Where the focus lands after the queue moves on: the next task's heading, or the message in its place. */
const FOCUS_TARGET = '[data-task-focus]';

/** A task's heading: the focus lands on it (and a screen reader reads it) when the queue moves on to it. */
export function TaskHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="review-task__heading" tabIndex={-1} data-task-focus="">
      {children}
    </h2>
  );
}

/**
 * After a decision, Skip or Start again, the button pressed is gone with its task: the focus goes to what
 * the queue shows next (the next task's heading, or the empty or ended message) once it is shown, never
 * to the page itself. The first visit leaves the focus alone.
 */
function useFocusAfterMove(pager: TaskPager<unknown>) {
  const box = useRef<HTMLDivElement>(null);
  const handled = useRef(pager.moves);
  useEffect(() => {
    if (pager.moves === handled.current || pager.state === 'loading') return;
    handled.current = pager.moves;
    box.current?.querySelector<HTMLElement>(FOCUS_TARGET)?.focus();
  }, [pager.moves, pager.state, pager.task]);
  return box;
}

/**
 * A queue's panel around its current task: how many are left, the 'already reviewed' notice, and the
 * states without a task (loading, empty, past the end, failed).
 */
export function TaskFrame<T>({ pager, children }: { pager: TaskPager<T>; children: (task: T) => ReactNode }) {
  const box = useFocusAfterMove(pager);
  return (
    <div ref={box} className="review-frame">
      <FrameContent pager={pager}>{children}</FrameContent>
    </div>
  );
}

function FrameContent<T>({ pager, children }: { pager: TaskPager<T>; children: (task: T) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const notice = pager.vanished && (
    <Alert className="review-notice" type="info" showIcon role="status" title={t('queue.vanished')} />
  );
  const focusable = { tabIndex: -1, 'data-task-focus': '' };
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
          <p className="review-state review-empty" {...focusable}>
            {t('queue.empty')}
          </p>
        </>
      );
    case 'ended':
      return (
        <>
          {notice}
          <div className="review-state">
            <p {...focusable}>{t('queue.ended')}</p>
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
