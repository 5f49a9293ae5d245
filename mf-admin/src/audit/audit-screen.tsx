import { AUDIT_ACTIONS, type AdminAuditItem, type AuditAction } from '@agora/shared-api/contract';
import { Select, type TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { auditPageQuery } from '../api/audit';
import { AdminPage } from '../common/admin-page';
import { FullTime } from '../common/full-time';
import { ListFrame } from '../common/list-frame';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { NAMESPACE } from '../namespace';
import { ActorCell, DetailCell, TargetCell } from './audit-cells';
import './audit.css';

type Filter = 'all' | AuditAction;
const FILTERS: readonly Filter[] = ['all', ...AUDIT_ACTIONS];

/**
 * /admin/audit: the audit log of administrative changes, newest first: when (in the viewer's time zone),
 * who, what, on what, the details and the client address. The kind of change and the page are kept in
 * the address.
 */
export default function AuditScreen() {
  const { t } = useTranslation(NAMESPACE);
  const filterId = useId();
  const { search, hrefFor, setFilter } = useListAddress();
  const action = readChoice(search, 'action', FILTERS, 'all');
  const page = readPage(search);
  const list = useQuery(auditPageQuery({ action: action === 'all' ? '' : action, page }));

  const columns: TableColumnsType<AdminAuditItem> = [
    { key: 'time', title: t('audit.column.time'), render: (_, row) => <FullTime time={row.created_at} /> },
    { key: 'actor', title: t('audit.column.actor'), render: (_, row) => <ActorCell actor={row.actor} /> },
    {
      key: 'action',
      title: t('audit.column.action'),
      render: (_, row) => t(`audit.action.${row.action}`, { defaultValue: row.action }),
    },
    { key: 'target', title: t('audit.column.target'), render: (_, row) => <TargetCell target={row.target} /> },
    { key: 'detail', title: t('audit.column.detail'), render: (_, row) => <DetailCell item={row} /> },
    { key: 'ip', title: t('audit.column.ip'), render: (_, row) => <code>{row.ip}</code> },
  ];

  return (
    <AdminPage title={t('screens.audit')}>
      <p className="admin-muted">{t('audit.intro')}</p>
      <div className="admin-toolbar">
        <div className="audit-filter">
          <label htmlFor={filterId}>{t('audit.filter_label')}</label>
          <Select<Filter>
            id={filterId}
            value={action}
            popupMatchSelectWidth={false}
            className="audit-filter__select"
            options={FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('audit.filter_all') : t(`audit.action.${value}`),
            }))}
            onChange={(value) => setFilter({ action: value === 'all' ? null : value })}
          />
        </div>
      </div>
      <ListFrame label={t('audit.list')} query={list} columns={columns} rowKey="id" page={page} hrefFor={hrefFor} />
    </AdminPage>
  );
}
