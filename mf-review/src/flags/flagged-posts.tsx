import { isApiError } from '@agora/shared-api';
import type { FlaggedPost, ReportOperation, ReportReviewBody } from '@agora/shared-api/contract';
import { reportOperations, useReviewReport } from '@agora/shared-api/resources/review';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../common/decision-button';
import { Person } from '../common/person';
import { PostView } from '../common/post-view';
import { TaskActions, TaskFrame, TaskHeading } from '../common/task-frame';
import { useTaskPager, type TaskPager } from '../common/use-task-pager';
import { NAMESPACE } from '../namespace';
import { CloseQuestionDialog } from '@agora/shared-ui/reason-fields';
import { DeleteDialog } from './delete-dialog';
import { EditDialog, type EditErrors } from './edit-dialog';

type Dialog = 'edit' | 'close' | 'delete' | null;

const LABELS: Record<ReportOperation, string> = {
  edit_post: 'flags.edit',
  close_post: 'flags.close',
  delete_post: 'flags.delete',
  unlist_post: 'flags.unlist',
  ignore_report: 'flags.ignore',
};

/** One flag: why, by whom and when, the post in context; edit, close, delete, unlist, ignore or skip. */
function FlaggedTask({ task, pager }: { task: FlaggedPost; pager: TaskPager }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [operation, setOperation] = useState<ReportOperation | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const report = useReviewReport((outcome, body) => {
    setDialog(null);
    pager.settled(outcome, t(`flags.done.${body.operation_type}`));
  });
  const send = (body: Omit<ReportReviewBody, 'flag_id'>) => {
    setOperation(body.operation_type);
    setFieldErrors({});
    report.mutate(
      {
        body: { flag_id: task.flag_id, ...body },
        object: { objectType: task.object_type, objectId: task.object_id, questionId: task.question_id },
      },
      // Field errors (the edit or the close remark) show on their fields; the shell tells of anything else.
      { onError: (error) => isApiError(error) && setFieldErrors(error.fieldMap()) },
    );
  };
  const busy = report.isPending;
  const open = (op: ReportOperation) => {
    if (op === 'edit_post') setDialog('edit');
    else if (op === 'close_post') setDialog('close');
    else if (op === 'delete_post') setDialog('delete');
    else send({ operation_type: op });
  };
  const kind = t(`post.kind.${task.object_type}`).toLowerCase();
  const editErrors: EditErrors = { title: fieldErrors.title, content: fieldErrors.content, tags: fieldErrors.tags };

  return (
    <article className="review-task" aria-labelledby={headingId}>
      <TaskHeading id={headingId}>{t('flags.heading', { kind })}</TaskHeading>
      <dl>
        <dt>{t('flags.reason')}</dt>
        <dd>
          <strong>{task.reason.name}</strong>
          {task.reason.description && <div className="review-muted">{task.reason.description}</div>}
        </dd>
        {task.reason_content && (
          <>
            <dt>{t('flags.remark')}</dt>
            <dd>{task.reason_content}</dd>
          </>
        )}
      </dl>
      <Person label={t('flags.flagged_by')} user={task.submitter_user} time={task.submit_at} />
      <PostView post={task} />
      <TaskActions pager={pager} pending={busy}>
        {reportOperations(task).map((op) => (
          <DecisionButton
            key={op}
            busy={busy && !dialog}
            mine={operation === op}
            danger={op === 'delete_post'}
            onClick={() => open(op)}
          >
            {t(LABELS[op])}
          </DecisionButton>
        ))}
      </TaskActions>
      {dialog === 'edit' && (
        <EditDialog
          task={task}
          pending={busy}
          serverErrors={editErrors}
          onSubmit={(values) => send({ operation_type: 'edit_post', ...values })}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'close' && (
        <CloseQuestionDialog
          pending={busy}
          serverError={fieldErrors.close_msg ?? fieldErrors.close_type}
          onSubmit={(values) => send({ operation_type: 'close_post', ...values })}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          pending={busy}
          onOk={() => send({ operation_type: 'delete_post' })}
          onCancel={() => setDialog(null)}
        />
      )}
    </article>
  );
}

/** The flagged-posts queue (GET report/unreviewed/post), one flag at a time. */
export default function FlaggedPosts() {
  const pager = useTaskPager('flagged_post');
  return (
    <TaskFrame pager={pager}>
      {(task: FlaggedPost) => <FlaggedTask key={task.flag_id} task={task} pager={pager} />}
    </TaskFrame>
  );
}
