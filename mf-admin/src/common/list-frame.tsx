import { Pagination } from '@agora/shared-ui';
import { Table, type TableColumnsType } from '@agora/shared-ui/antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../api/keys';
import { NAMESPACE } from '../namespace';
import { QueryState } from './query-state';

/**
 * The columns with the one holding each row's controls (`actionsKey`) fixed at the table's right edge while
 * the rest scrolls under it, so the controls stay in view on any screen width.
 */
export function withStickyActions<Row>(columns: TableColumnsType<Row>, actionsKey?: string): TableColumnsType<Row> {
  if (!actionsKey) return columns;
  return columns.map((column) => (column.key === actionsKey ? { ...column, fixed: 'right' as const } : column));
}

/**
 * A page of an admin list: the rows in a table that scrolls sideways inside its card (a focusable
 * region; the table is the only scroller, the card adds none), the
 * column of row controls kept in view, 'Loading…' or the failure with a retry until they arrive, and the
 * page links under it.
 */
export function ListFrame<Row extends object>({
  label,
  query,
  columns,
  rowKey,
  page,
  hrefFor,
  actionsKey,
}: {
  label: string;
  query: UseQueryResult<{ count: number; list: Row[] }>;
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  page: number;
  hrefFor(page: number): string;
  /** The key of the column holding each row's controls. */
  actionsKey?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <div className="admin-card" role="region" aria-label={label} tabIndex={0}>
            <Table<Row>
              columns={withStickyActions(columns, actionsKey)}
              dataSource={data.list}
              rowKey={rowKey}
              pagination={false}
              loading={query.isFetching && query.isPlaceholderData}
              locale={{ emptyText: <span className="admin-list-empty">{t('admin_list.empty')}</span> }}
              scroll={{ x: 'max-content' }}
            />
          </div>
          <div className="admin-pagination">
            <Pagination
              page={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={data.count}
              hrefFor={hrefFor}
              label={t('admin_list.pagination', { list: label })}
            />
          </div>
        </>
      )}
    </QueryState>
  );
}
