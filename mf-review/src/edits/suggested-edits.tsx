import type { UnreviewedRevision } from '@agora/shared-api/contract';
import { useAuditRevision, type ReviewedObject } from '@agora/shared-api/resources/review';
import { RevisionDiff } from '@agora/shared-ui/diff';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DecisionButton } from '../common/decision-button';
import { objectPath } from '../common/object-link';
import { Person } from '../common/person';
import { TaskActions, TaskFrame, TaskHeading } from '../common/task-frame';
import { useTaskPager, type TaskPager } from '../common/use-task-pager';
import { NAMESPACE } from '../namespace';
import { revisionSides, tagSlug } from './sides';

const reviewed = (task: UnreviewedRevision): ReviewedObject => ({
  objectType: task.type,
  objectId: task.info.object_id,
  questionId: task.type === 'tag' ? '' : task.info.question_id,
});

/** One suggested edit: who suggested it and when, its summary, the object and the diff; approve, reject or skip. */
function SuggestedEdit({ task, pager }: { task: UnreviewedRevision; pager: TaskPager }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const [operation, setOperation] = useState<'approve' | 'reject' | null>(null);
  const audit = useAuditRevision((outcome, body) =>
    pager.settled(outcome, t(body.operation === 'reject' ? 'edits.rejected' : 'edits.approved')),
  );
  const decide = (next: 'approve' | 'reject') => {
    setOperation(next);
    audit.mutate({ body: { id: task.unreviewed_info.id, operation: next }, object: reviewed(task) });
  };
  const { before, after } = revisionSides(task);
  const kind = t(`post.kind.${task.type}`);
  const target = objectPath(
    { ...task.info, object_type: task.type, answer_id: task.type === 'answer' ? task.info.object_id : '' },
    tagSlug(task),
  );
  return (
    <article className="review-task" aria-labelledby={headingId}>
      <TaskHeading id={headingId}>{t(`edits.heading.${task.type}`)}</TaskHeading>
      <dl>
        <dt>{t('post.kind.' + task.type)}</dt>
        <dd>
          <Link to={target}>{task.info.title || t('post.open', { kind: kind.toLowerCase() })}</Link>
        </dd>
        <dt>{t('edits.summary')}</dt>
        <dd>{task.unreviewed_info.reason || <span className="review-muted">{t('edits.no_summary')}</span>}</dd>
      </dl>
      <Person
        label={t('edits.suggested_by')}
        user={task.unreviewed_info.user_info}
        time={task.unreviewed_info.create_at}
      />
      <section aria-label={t('edits.changes')}>
        <RevisionDiff before={before} after={after} headingLevel={3} />
      </section>
      <TaskActions pager={pager} pending={audit.isPending}>
        <DecisionButton
          type="primary"
          busy={audit.isPending}
          mine={operation === 'approve'}
          onClick={() => decide('approve')}
        >
          {t('edits.approve')}
        </DecisionButton>
        <DecisionButton danger busy={audit.isPending} mine={operation === 'reject'} onClick={() => decide('reject')}>
          {t('edits.reject')}
        </DecisionButton>
      </TaskActions>
    </article>
  );
}

/** The suggested-edits queue (GET revisions/unreviewed), one edit at a time. */
export default function SuggestedEdits() {
  const pager = useTaskPager('suggested_post_edit');
  return (
    <TaskFrame pager={pager}>
      {(task: UnreviewedRevision) => <SuggestedEdit key={task.unreviewed_info.id} task={task} pager={pager} />}
    </TaskFrame>
  );
}
