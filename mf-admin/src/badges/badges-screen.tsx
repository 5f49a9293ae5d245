import type { AdminBadgeItem } from '@agora/shared-api/contract';
import { BadgeIcon, BadgeLevel, formatCount, useToast } from '@agora/shared-ui';
import { Switch, Tag, type TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminBadgesQuery, useBadgeStatus, type BadgeStatus } from '../api/badges';
import { adminKeys } from '../api/keys';
import { AdminPage } from '../common/admin-page';
import { JobDialog } from '../common/job-progress';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { SearchBox } from '../common/search-box';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';

type Filter = 'all' | BadgeStatus;
const FILTERS: Filter[] = ['all', 'active', 'inactive'];

/**
 * /admin/badges: every badge (icon, name, group, level, how many members earned it, status), filtered by
 * status and a name search kept in the address; a switch per row turns a badge on or off (PUT badge/status).
 */
export default function BadgesScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { search, hrefFor, setFilter } = useListAddress();
  const filter = readChoice(search, 'status', FILTERS, 'all');
  const q = search.get('q') ?? '';
  const page = readPage(search);
  const list = useQuery(adminBadgesQuery({ status: filter === 'all' ? '' : filter, q, page }));
  const status = useBadgeStatus();

  // A badge switched on is awarded, in a background job, to the members who already meet its rule.
  const [backfill, setBackfill] = useState<{ jobId: string; name: string } | null>(null);
  const client = useQueryClient();

  const toggle = (badge: AdminBadgeItem, on: boolean) =>
    status.mutate(
      { id: badge.id, status: on ? 'active' : 'inactive' },
      {
        onSuccess: (job) => {
          toast.success(t(on ? 'badges.activated' : 'badges.deactivated', { name: badge.name }));
          if (job) setBackfill({ jobId: job.id, name: badge.name });
        },
      },
    );

  const columns: TableColumnsType<AdminBadgeItem> = [
    {
      key: 'name',
      title: t('badges.column.name'),
      render: (_, row) => (
        <span className="admin-person">
          <BadgeIcon icon={row.icon} level={row.level} />
          <span>
            <strong>{row.name}</strong>
            {row.description && <span className="admin-muted admin-block admin-excerpt">{row.description}</span>}
          </span>
        </span>
      ),
    },
    { key: 'group', title: t('badges.column.group'), render: (_, row) => row.group_name },
    { key: 'level', title: t('badges.column.level'), render: (_, row) => <BadgeLevel level={row.level} /> },
    {
      key: 'awarded',
      title: t('badges.column.awarded'),
      render: (_, row) => formatCount(row.award_count, i18n.language),
    },
    {
      key: 'status',
      title: t('badges.column.status'),
      render: (_, row) => (
        <Tag color={row.status === 'active' ? 'green' : 'default'}>{t(`badges.filter.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'action',
      title: t('badges.column.action'),
      render: (_, row) => (
        <Switch
          checked={row.status === 'active'}
          loading={status.isPending && status.variables?.id === row.id}
          aria-label={t('badges.switch_named', { name: row.name })}
          onChange={(on) => toggle(row, on)}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t('screens.badges')}>
      <StatusTabs
        label={t('badges.filter_label')}
        value={filter}
        options={FILTERS.map((value) => ({ value, label: t(`badges.filter.${value}`) }))}
        onChange={(value) => setFilter({ status: value === 'all' ? null : value })}
      />
      <div className="admin-toolbar">
        <SearchBox
          label={t('badges.search_label')}
          placeholder={t('badges.search_placeholder')}
          value={q}
          onSearch={(text) => setFilter({ q: text })}
        />
      </div>
      <ListFrame
        label={t('badges.list')}
        query={list}
        columns={columns}
        rowKey="id"
        page={page}
        hrefFor={hrefFor}
        actionsKey="action"
      />
      {backfill && (
        <JobDialog
          id={backfill.jobId}
          title={t('badges.backfill.title', { name: backfill.name })}
          failuresTitle={t('badges.backfill.failures')}
          summary={(job) => t('badges.backfill.done', { count: job.result.awarded ?? 0 })}
          onEnded={() => void client.invalidateQueries({ queryKey: adminKeys.badges() })}
          onClose={() => setBackfill(null)}
        />
      )}
    </AdminPage>
  );
}
