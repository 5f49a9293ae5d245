import type { PostUserInfo } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import type { TableColumnsType } from '@agora/shared-ui/antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../common/admin-page';
import { FullTime } from '../common/full-time';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { PersonCell } from '../common/person-cell';
import { SearchBox } from '../common/search-box';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';
import { postStatusOf, PostStatusSelect, usePostStatusChange, type PostKind } from './post-status';

/** What every admin post row has (questions and answers). */
interface PostRow {
  id: string;
  vote_count: number;
  status: number;
  create_time: number;
  user_info: PostUserInfo;
}

/** The list's filters, read from the address: status tab (default normal), search text and page. */
export function usePostFilters<S extends string>(statuses: readonly S[], fallback: S) {
  const { search, hrefFor, setFilter } = useListAddress();
  return {
    status: readChoice(search, 'status', statuses, fallback),
    query: search.get('query') ?? '',
    page: readPage(search),
    hrefFor,
    setFilter,
  };
}

export interface PostListProps<Row extends PostRow, S extends string> {
  kind: PostKind;
  statuses: readonly S[];
  filters: ReturnType<typeof usePostFilters<S>>;
  list: UseQueryResult<{ count: number; list: Row[] }>;
  /** The first column: the post with its links. */
  postColumn: TableColumnsType<Row>[number];
  /** Columns after the votes (the question list's answer count). */
  extraColumns?: TableColumnsType<Row>;
  /** The title a row's status select is named by. */
  titleOf: (row: Row) => string;
}

/**
 * The admin question and answer lists: status tabs, a search box, the table (post, votes, author,
 * created, a status select per row) and the dialogs a status change may ask for. Filters and page live
 * in the address.
 */
export function PostList<Row extends PostRow, S extends string>(props: PostListProps<Row, S>) {
  const { kind, statuses, filters, list, postColumn, extraColumns = [], titleOf } = props;
  const { t, i18n } = useTranslation(NAMESPACE);
  const change = usePostStatusChange(kind);
  const columns: TableColumnsType<Row> = [
    postColumn,
    { key: 'votes', title: t('posts.column.votes'), render: (_, row) => formatCount(row.vote_count, i18n.language) },
    ...extraColumns,
    { key: 'author', title: t('posts.column.author'), render: (_, row) => <PersonCell user={row.user_info} /> },
    { key: 'created', title: t('posts.column.created'), render: (_, row) => <FullTime time={row.create_time} /> },
    {
      key: 'status',
      title: t('posts.column.status'),
      render: (_, row) => (
        <PostStatusSelect
          kind={kind}
          current={postStatusOf(row.status)}
          label={t(kind === 'question' ? 'posts.status_of' : 'posts.status_of_answer', { title: titleOf(row) })}
          onChoose={(next) => change.request(row.id, next)}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t(`screens.${kind}s`)}>
      <StatusTabs
        label={t('posts.status_filter')}
        value={filters.status}
        options={statuses.map((value) => ({ value, label: t(`posts.status.${value as string}`) }))}
        onChange={(value) => filters.setFilter({ status: value === 'normal' ? null : value })}
      />
      <div className="admin-toolbar">
        <SearchBox
          label={t(`posts.search.${kind}_label`)}
          placeholder={t(`posts.search.${kind}_placeholder`)}
          value={filters.query}
          onSearch={(text) => filters.setFilter({ query: text })}
        />
      </div>
      <ListFrame
        label={t(`posts.list.${kind}s`)}
        query={list}
        columns={columns}
        rowKey="id"
        page={filters.page}
        hrefFor={filters.hrefFor}
        actionsKey="status"
      />
      {change.dialogs}
    </AdminPage>
  );
}
