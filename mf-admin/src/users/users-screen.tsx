import { paths, useCurrentUser } from '@agora/shared-api';
import type { AdminUserItem, AdminUserStatus } from '@agora/shared-api/contract';
import { formatCount, UserAvatar } from '@agora/shared-ui';
import { Button, Switch, Tag, type TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminKeys } from '../api/keys';
import { adminUsersQuery } from '../api/users';
import { AdminPage } from '../common/admin-page';
import { FullTime } from '../common/full-time';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { RowActions } from '../common/row-actions';
import { SearchBox } from '../common/search-box';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';
import { ActivationDialog } from './activation-dialog';
import { AddUserDialog } from './add-user-dialog';
import { BulkAddDialog } from './bulk-add-dialog';
import { JobDialog } from '../common/job-progress';
import { PasswordDialog } from './password-dialog';
import { RoleDialog } from './role-dialog';
import { StatusDialog } from './status-dialog';
import { statusChoices, STATUSES } from './status-rules';

type Filter = 'all' | AdminUserStatus;
const FILTERS: Filter[] = ['all', ...STATUSES];
type RowAction = 'status' | 'role' | 'password' | 'activation';
type Dialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'bulk-job'; jobId: string }
  | { kind: RowAction; user: AdminUserItem }
  | null;

/** What the admin may do to a row: nothing on their own row or a deleted account; activation for inactive ones. */
function actionsFor(row: AdminUserItem, myId: string | undefined): RowAction[] {
  if (row.user_id === myId || statusChoices(row.status).length === 0) return [];
  const actions: RowAction[] = ['status', 'role', 'password'];
  if (row.status === 'inactive') actions.push('activation');
  return actions;
}

/**
 * /admin/users: every member (name and picture, e-mail, reputation, dates, status, role), filtered by
 * status, staff and a search kept in the address; 'Add user' and 'Bulk add'; per row, a menu to change the
 * status or the role, set the password, or give an inactive member their activation link.
 */
export default function UsersScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { user: me } = useCurrentUser();
  const { search, hrefFor, setFilter } = useListAddress();
  const filter = readChoice(search, 'status', FILTERS, 'all');
  const staff = search.get('staff') === 'true';
  const query = search.get('query') ?? '';
  const page = readPage(search);
  const list = useQuery(adminUsersQuery({ status: filter === 'all' ? '' : filter, staff, query, page }));
  const [dialog, setDialog] = useState<Dialog>(null);
  const client = useQueryClient();
  const staffId = useId();
  const close = () => setDialog(null);

  const columns: TableColumnsType<AdminUserItem> = [
    {
      key: 'user',
      title: t('users.column.user'),
      render: (_, row) => (
        <span className="admin-person">
          <UserAvatar avatar={row.avatar} name={row.display_name || row.username} size={32} />
          <span>
            <Link to={paths.admin(`users/${row.user_id}`)}>{row.display_name || row.username}</Link>
            <span className="admin-muted admin-block">@{row.username}</span>
          </span>
        </span>
      ),
    },
    { key: 'email', title: t('users.column.email'), render: (_, row) => row.e_mail },
    { key: 'rank', title: t('users.column.reputation'), render: (_, row) => formatCount(row.rank, i18n.language) },
    { key: 'created', title: t('users.column.created'), render: (_, row) => <FullTime time={row.created_at} /> },
    { key: 'deleted', title: t('users.column.deleted'), render: (_, row) => <FullTime time={row.deleted_at} /> },
    {
      key: 'suspended',
      title: t('users.column.suspended_until'),
      render: (_, row) => <FullTime time={row.status === 'suspended' ? row.suspended_until : 0} />,
    },
    {
      key: 'status',
      title: t('users.column.status'),
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`users.status.${row.status}`)}</Tag>,
    },
    { key: 'role', title: t('users.column.role'), render: (_, row) => row.role_name },
    {
      key: 'actions',
      title: t('users.column.actions'),
      render: (_, row) => {
        const actions = actionsFor(row, me?.id);
        const name = row.display_name || row.username;
        if (row.user_id === me?.id) return <span className="admin-muted">{t('users.you')}</span>;
        if (actions.length === 0) return <span aria-label={t('users.no_actions')}>—</span>;
        return (
          <RowActions
            label={t('users.actions_for', { name })}
            text={t('users.column.actions')}
            actions={actions.map((action) => ({ key: action, label: t(`users.action.${action}`) }))}
            onChoose={(action) => setDialog({ kind: action, user: row })}
          />
        );
      },
    },
  ];

  return (
    <AdminPage
      title={t('screens.users')}
      actions={
        <>
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
            {t('users.add')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'bulk' })}>{t('users.bulk_add')}</Button>
        </>
      }
    >
      <StatusTabs
        label={t('users.status_filter')}
        value={filter}
        options={FILTERS.map((value) => ({ value, label: t(`users.filter.${value}`) }))}
        onChange={(value) => setFilter({ status: value === 'all' ? null : value })}
      />
      <div className="admin-toolbar">
        <SearchBox
          label={t('users.search_label')}
          placeholder={t('users.search_placeholder')}
          value={query}
          onSearch={(text) => setFilter({ query: text })}
        />
        <span className="admin-switch">
          <Switch id={staffId} checked={staff} onChange={(on) => setFilter({ staff: on ? 'true' : null })} />
          <label htmlFor={staffId}>{t('users.staff_only')}</label>
        </span>
      </div>
      <ListFrame
        label={t('users.list')}
        query={list}
        columns={columns}
        rowKey="user_id"
        page={page}
        hrefFor={hrefFor}
        actionsKey="actions"
      />
      {dialog?.kind === 'add' && <AddUserDialog onClose={close} />}
      {dialog?.kind === 'bulk' && (
        <BulkAddDialog onClose={close} onStarted={(jobId) => setDialog({ kind: 'bulk-job', jobId })} />
      )}
      {dialog?.kind === 'bulk-job' && (
        <JobDialog
          id={dialog.jobId}
          title={t('users.bulk_job.title')}
          failuresTitle={t('users.bulk_job.failures')}
          summary={(job) => t('users.bulk_dialog.done', { count: job.result.created ?? 0 })}
          onEnded={() => void client.invalidateQueries({ queryKey: adminKeys.users() })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'status' && <StatusDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'role' && <RoleDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <PasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'activation' && <ActivationDialog user={dialog.user} onClose={close} />}
    </AdminPage>
  );
}

const STATUS_COLOR: Record<AdminUserStatus, string> = {
  normal: 'green',
  suspended: 'orange',
  deleted: 'red',
  inactive: 'default',
};
