import { paths } from '@agora/shared-api';
import type { AdminPlugin } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { Button, Table, Tag, type TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pluginsQuery, usePluginStatus, type PluginFilter } from '../api/plugins';
import { AdminPage } from '../common/admin-page';
import { withStickyActions } from '../common/list-frame';
import { readChoice, useListAddress } from '../common/list-params';
import { QueryState } from '../common/query-state';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';

const FILTERS: PluginFilter[] = ['all', 'active', 'inactive', 'outdated'];
/** Only http(s) addresses become links (a plugin's link comes from its author). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * /admin/installed-plugins: the installed plugins (GET plugins) with their version and state, filtered
 * by all, active, inactive or outdated (in the address); each is switched on or off (PUT plugin/status),
 * and one with settings links to its own page.
 */
export default function PluginsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { search, setFilter } = useListAddress();
  const filter = readChoice(search, 'filter', FILTERS, 'all');
  const plugins = useQuery(pluginsQuery(filter));
  const status = usePluginStatus();

  const toggle = (plugin: AdminPlugin) =>
    status.mutate(
      { plugin_slug_name: plugin.slug_name, enabled: !plugin.enabled },
      {
        onSuccess: () =>
          toast.success(t(plugin.enabled ? 'plugins.deactivated' : 'plugins.activated', { name: plugin.name })),
      },
    );

  const columns: TableColumnsType<AdminPlugin> = [
    {
      key: 'name',
      title: t('plugins.column.name'),
      render: (_, row) => (
        <div>
          {isWebLink(row.link) ? (
            <a href={row.link} target="_blank" rel="noreferrer noopener">
              {row.name}
              <span className="admin-visually-hidden"> {t('plugins.new_tab')}</span>
            </a>
          ) : (
            <strong>{row.name}</strong>
          )}
          {row.description && <p className="admin-excerpt admin-muted">{row.description}</p>}
        </div>
      ),
    },
    {
      key: 'version',
      title: t('plugins.column.version'),
      render: (_, row) => (
        <span>
          {row.version}
          {row.outdated && (
            <Tag color="orange" className="admin-tag">
              {t('plugins.outdated')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('plugins.column.status'),
      render: (_, row) => (
        <Tag color={row.enabled ? 'green' : 'default'}>{t(row.enabled ? 'plugins.active' : 'plugins.inactive')}</Tag>
      ),
    },
    {
      key: 'action',
      title: t('plugins.column.action'),
      render: (_, row) => (
        <div className="admin-page__actions">
          <Button
            size="small"
            danger={row.enabled}
            loading={status.isPending && status.variables?.plugin_slug_name === row.slug_name}
            aria-label={t(row.enabled ? 'plugins.deactivate_named' : 'plugins.activate_named', { name: row.name })}
            onClick={() => toggle(row)}
          >
            {t(row.enabled ? 'plugins.deactivate' : 'plugins.activate')}
          </Button>
          {row.enabled && row.have_config && (
            <Link to={paths.admin(row.slug_name)} aria-label={t('plugins.settings_named', { name: row.name })}>
              {t('plugins.settings')}
            </Link>
          )}
        </div>
      ),
    },
  ];

  return (
    <AdminPage title={t('screens.installed-plugins')}>
      <StatusTabs
        label={t('plugins.filter_label')}
        value={filter}
        options={FILTERS.map((value) => ({ value, label: t(`plugins.filter.${value}`) }))}
        onChange={(value) => setFilter({ filter: value === 'all' ? null : value })}
      />
      <QueryState query={plugins}>
        {(list) => (
          <div className="admin-card" role="region" aria-label={t('plugins.list')} tabIndex={0}>
            <Table<AdminPlugin>
              columns={withStickyActions(columns, 'action')}
              dataSource={list}
              rowKey="slug_name"
              pagination={false}
              locale={{ emptyText: t('plugins.empty') }}
              scroll={{ x: 'max-content' }}
            />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
