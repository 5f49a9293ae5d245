import { isApiError, postPath } from '@agora/shared-api';
import type { AdminReportItem, ReportOperation, ReportReviewBody } from '@agora/shared-api/contract';
import { renderPost, uploadPostImage } from '@agora/shared-api/resources/post-editor';
import { reportOperations, useReviewReport } from '@agora/shared-api/resources/review';
import { useToast } from '@agora/shared-ui';
import { Button, Modal, PostEditDialog, type TableColumnsType } from '@agora/shared-ui/antd';
import { CloseQuestionDialog } from '@agora/shared-ui/reason-fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminFlagsQuery, type FlagStatus } from '../api/flags';
import { adminKeys } from '../api/keys';
import { AdminPage } from '../common/admin-page';
import { excerptOf } from '../common/excerpt';
import { FullTime } from '../common/full-time';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { PersonCell } from '../common/person-cell';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';

const TABS: FlagStatus[] = ['pending', 'completed'];
/** The operations that ask something first: the edit itself, a close reason, a confirmation. */
type Asked = 'edit_post' | 'close_post' | 'delete_post';
type Asking = { flag: AdminReportItem; operation: Asked } | null;

/**
 * /admin/flags: every flag, pending or completed (GET reports/page): the flagged post (excerpt, link),
 * the reason, who flagged it and when, and what settled it. A pending flag is settled here with the review
 * queue's operations (PUT report/review): edit the post in place, close it (with a reason), delete it
 * (after a confirmation), unlist it or ignore the flag.
 */
export default function FlagsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const client = useQueryClient();
  const { search, hrefFor, setFilter } = useListAddress();
  const status = readChoice(search, 'status', TABS, 'pending');
  const page = readPage(search);
  const list = useQuery(adminFlagsQuery(status, page));
  const [asking, setAsking] = useState<Asking>(null);
  const [sending, setSending] = useState<{ flag: string; operation: ReportOperation } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const report = useReviewReport((outcome, body) => {
    setAsking(null);
    setSending(null);
    void client.invalidateQueries({ queryKey: adminKeys.flags() });
    void client.invalidateQueries({ queryKey: adminKeys.dashboard() });
    if (outcome === 'vanished') toast.info(t('flags.vanished'));
    else toast.success(t(`flags.done.${body.operation_type}`));
  });

  const send = (flag: AdminReportItem, body: Omit<ReportReviewBody, 'flag_id'>) => {
    setSending({ flag: flag.flag_id, operation: body.operation_type });
    setFieldErrors({});
    report.mutate(
      {
        body: { flag_id: flag.flag_id, ...body },
        object: { objectType: flag.object_type, objectId: flag.object_id, questionId: flag.question_id },
      },
      {
        onError: (error) => {
          setSending(null);
          setFieldErrors(isApiError(error) ? error.fieldMap() : {});
        },
      },
    );
  };

  const act = (flag: AdminReportItem, operation: ReportOperation) => {
    if (operation === 'edit_post' || operation === 'close_post' || operation === 'delete_post') {
      setFieldErrors({});
      setAsking({ flag, operation });
    } else send(flag, { operation_type: operation });
  };

  const columns: TableColumnsType<AdminReportItem> = [
    {
      key: 'content',
      title: t('flags.column.content'),
      render: (_, row) => (
        <div>
          <span className="admin-muted admin-block">{t(`flags.kind.${row.object_type}`)}</span>
          <Link to={postPath(row)}>{row.title}</Link>
          <p className="admin-excerpt admin-muted">{excerptOf(row.original_text)}</p>
        </div>
      ),
    },
    {
      key: 'type',
      title: t('flags.column.type'),
      render: (_, row) => (
        <div>
          <strong>{row.reason.name}</strong>
          {row.reason_content && <p className="admin-excerpt">{row.reason_content}</p>}
        </div>
      ),
    },
    { key: 'by', title: t('flags.column.flagged_by'), render: (_, row) => <PersonCell user={row.submitter_user} /> },
    { key: 'created', title: t('flags.column.created'), render: (_, row) => <FullTime time={row.submit_at} /> },
    {
      key: 'action',
      title: t('flags.column.action'),
      render: (_, row) =>
        row.status === 'completed' ? (
          <div>
            <span className="admin-block">
              {t(`flags.action.${row.action || 'resolved'}`, { defaultValue: row.action })}
            </span>
            <FullTime time={row.handled_at} />
          </div>
        ) : (
          <div className="admin-page__actions" role="group" aria-label={t('flags.actions_for', { title: row.title })}>
            {reportOperations(row).map((op) => (
              <Button
                key={op}
                size="small"
                danger={op === 'delete_post'}
                loading={sending?.flag === row.flag_id && sending.operation === op && !asking}
                disabled={!!sending && sending.flag !== row.flag_id}
                onClick={() => act(row, op)}
              >
                {t(`flags.operation.${op}`)}
              </Button>
            ))}
          </div>
        ),
    },
  ];

  return (
    <AdminPage title={t('screens.flags')}>
      <StatusTabs
        label={t('flags.status_filter')}
        value={status}
        options={TABS.map((value) => ({ value, label: t(`flags.tab.${value}`) }))}
        onChange={(value) => setFilter({ status: value === 'pending' ? null : value })}
      />
      <ListFrame
        label={t('flags.list')}
        query={list}
        columns={columns}
        rowKey="flag_id"
        page={page}
        hrefFor={hrefFor}
        actionsKey="action"
      />
      {asking?.operation === 'edit_post' && (
        <PostEditDialog
          post={asking.flag}
          pending={report.isPending}
          serverErrors={{ title: fieldErrors.title, content: fieldErrors.content, tags: fieldErrors.tags }}
          render={renderPost}
          upload={uploadPostImage}
          onSubmit={(values) => send(asking.flag, { operation_type: 'edit_post', ...values })}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.operation === 'close_post' && (
        <CloseQuestionDialog
          pending={report.isPending}
          serverError={fieldErrors.close_msg ?? fieldErrors.close_type}
          onSubmit={(values) => send(asking.flag, { operation_type: 'close_post', ...values })}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.operation === 'delete_post' && (
        <Modal
          open
          className="admin-dialog"
          title={t('flags.delete.title')}
          okText={t('flags.delete.confirm')}
          cancelText={t('flags.delete.cancel')}
          okButtonProps={{ danger: true, loading: report.isPending }}
          onOk={() => send(asking.flag, { operation_type: 'delete_post' })}
          onCancel={() => setAsking(null)}
          destroyOnHidden
        >
          <p>{t('flags.delete.body')}</p>
        </Modal>
      )}
    </AdminPage>
  );
}
