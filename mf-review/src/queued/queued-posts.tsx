import type { PendingPost } from '@agora/shared-api/contract';
import { useReviewPendingPost } from '@agora/shared-api/resources/review';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../common/decision-button';
import { PostView } from '../common/post-view';
import { TaskActions, TaskFrame, TaskHeading } from '../common/task-frame';
import { useTaskPager, type TaskPager } from '../common/use-task-pager';
import { NAMESPACE } from '../namespace';

/** The reasons the site's rules give (`review.reason.<name>`) that have a text here; others read 'other'. */
const KNOWN_REASONS = ['new_member', 'watched_words', 'question_queued'];

function reasonName(reason: string): string {
  const name = reason.split('.').pop() ?? '';
  return KNOWN_REASONS.includes(name) ? name : 'other';
}

/** One queued post: the post, who holds it and why; approve, reject or skip. */
function QueuedPost({ task, pager }: { task: PendingPost; pager: TaskPager }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const [status, setStatus] = useState<'approve' | 'reject' | null>(null);
  const review = useReviewPendingPost((outcome, body) =>
    pager.settled(outcome, t(body.status === 'reject' ? 'queued.rejected' : 'queued.approved')),
  );
  const decide = (next: 'approve' | 'reject') => {
    setStatus(next);
    review.mutate({
      body: { review_id: task.review_id, status: next },
      object: { objectType: task.object_type, objectId: task.object_id, questionId: task.question_id },
    });
  };
  const kind = t(`post.kind.${task.object_type}`).toLowerCase();
  return (
    <article className="review-task" aria-labelledby={headingId}>
      <TaskHeading id={headingId}>{t('queued.heading', { kind })}</TaskHeading>
      <dl>
        <dt>{t('queued.why')}</dt>
        <dd>
          {t(`queued.reasons.${reasonName(task.reason)}`)}
          {task.submitter_display_name && (
            <span className="review-muted"> {t('queued.queued_by', { name: task.submitter_display_name })}</span>
          )}
        </dd>
      </dl>
      <PostView post={task} />
      <TaskActions pager={pager} pending={review.isPending}>
        <DecisionButton
          type="primary"
          busy={review.isPending}
          mine={status === 'approve'}
          onClick={() => decide('approve')}
        >
          {t('queued.approve')}
        </DecisionButton>
        <DecisionButton danger busy={review.isPending} mine={status === 'reject'} onClick={() => decide('reject')}>
          {t('queued.reject')}
        </DecisionButton>
      </TaskActions>
    </article>
  );
}

/** The queued-posts queue (GET review/pending/post/page), one post at a time. */
export default function QueuedPosts() {
  const pager = useTaskPager('queued_post');
  return (
    <TaskFrame pager={pager}>
      {(task: PendingPost) => <QueuedPost key={task.review_id} task={task} pager={pager} />}
    </TaskFrame>
  );
}
