import { answerPath, paths } from '@agora/shared-api';
import type { AdminAnswerItem, AdminAnswerStatus } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import type { TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminAnswersQuery } from '../api/posts';
import { AdminPage } from '../common/admin-page';
import { excerptOf } from '../common/excerpt';
import { FullTime } from '../common/full-time';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { PersonCell } from '../common/person-cell';
import { SearchBox } from '../common/search-box';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';
import { postStatusOf, PostStatusSelect, usePostStatusChange } from './post-status';

const STATUSES: AdminAnswerStatus[] = ['normal', 'deleted', 'pending'];
/**
 * /admin/answers: every answer by status (tabs), searched by its question's title or `answer:<id>`, with
 * an excerpt, votes, author, date and a status select per row.
 */
export default function AnswersScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { search, hrefFor, setFilter } = useListAddress();
  const status = readChoice(search, 'status', STATUSES, 'normal');
  const query = search.get('query') ?? '';
  const page = readPage(search);
  const list = useQuery(adminAnswersQuery({ status, query, page }));
  const change = usePostStatusChange('answer');

  const columns: TableColumnsType<AdminAnswerItem> = [
    {
      key: 'post',
      title: t('posts.column.post'),
      render: (_, row) => (
        <div>
          <Link to={answerPath(row.question_id, row.id, row.question_info.url_title)}>{row.question_info.title}</Link>
          <p className="admin-excerpt admin-muted">{excerptOf(row.description)}</p>
          <div className="admin-row-links">
            <Link
              to={paths.answerTimeline(row.question_id, row.id)}
              aria-label={t('posts.timeline_of_answer', { title: row.question_info.title })}
            >
              {t('posts.timeline')}
            </Link>
            {row.accepted === 2 && <span>{t('posts.accepted')}</span>}
          </div>
        </div>
      ),
    },
    {
      key: 'votes',
      title: t('posts.column.votes'),
      render: (_, row) => formatCount(row.vote_count, i18n.language),
    },
    { key: 'author', title: t('posts.column.author'), render: (_, row) => <PersonCell user={row.user_info} /> },
    { key: 'created', title: t('posts.column.created'), render: (_, row) => <FullTime time={row.create_time} /> },
    {
      key: 'status',
      title: t('posts.column.status'),
      render: (_, row) => (
        <PostStatusSelect
          kind="answer"
          current={postStatusOf(row.status)}
          label={t('posts.status_of_answer', { title: row.question_info.title })}
          onChoose={(next) => change.request(row.id, next)}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t('screens.answers')}>
      <StatusTabs
        label={t('posts.status_filter')}
        value={status}
        options={STATUSES.map((value) => ({ value, label: t(`posts.status.${value}`) }))}
        onChange={(value) => setFilter({ status: value === 'normal' ? null : value })}
      />
      <div className="admin-toolbar">
        <SearchBox
          label={t('posts.search.answer_label')}
          placeholder={t('posts.search.answer_placeholder')}
          value={query}
          onSearch={(text) => setFilter({ query: text })}
        />
      </div>
      <ListFrame
        label={t('posts.list.answers')}
        query={list}
        columns={columns}
        rowKey="id"
        page={page}
        hrefFor={hrefFor}
      />
      {change.dialogs}
    </AdminPage>
  );
}
