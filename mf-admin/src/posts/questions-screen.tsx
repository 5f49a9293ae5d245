import { paths, questionPath } from '@agora/shared-api';
import type { AdminQuestionItem, AdminQuestionStatus } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import type { TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminQuestionsQuery } from '../api/posts';
import { AdminPage } from '../common/admin-page';
import { FullTime } from '../common/full-time';
import { readChoice, readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { PersonCell } from '../common/person-cell';
import { SearchBox } from '../common/search-box';
import { StatusTabs } from '../common/status-tabs';
import { NAMESPACE } from '../namespace';
import { postStatusOf, PostStatusSelect, usePostStatusChange } from './post-status';

const STATUSES: AdminQuestionStatus[] = ['normal', 'closed', 'deleted', 'pending'];

/**
 * /admin/questions: every question by status (tabs), searched by title or `question:<id>`, with its
 * votes, answers, author, date and a status select per row. Filters and page live in the address.
 */
export default function QuestionsScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { search, hrefFor, setFilter } = useListAddress();
  const status = readChoice(search, 'status', STATUSES, 'normal');
  const query = search.get('query') ?? '';
  const page = readPage(search);
  const list = useQuery(adminQuestionsQuery({ status, query, page }));
  const change = usePostStatusChange('question');

  const columns: TableColumnsType<AdminQuestionItem> = [
    {
      key: 'post',
      title: t('posts.column.post'),
      render: (_, row) => (
        <div>
          <Link to={questionPath(row.id, row.url_title)}>{row.title}</Link>
          <div className="admin-row-links">
            <Link to={paths.questionTimeline(row.id)} aria-label={t('posts.timeline_of', { title: row.title })}>
              {t('posts.timeline')}
            </Link>
          </div>
        </div>
      ),
    },
    {
      key: 'votes',
      title: t('posts.column.votes'),
      render: (_, row) => formatCount(row.vote_count, i18n.language),
    },
    {
      key: 'answers',
      title: t('posts.column.answers'),
      render: (_, row) => formatCount(row.answer_count, i18n.language),
    },
    { key: 'author', title: t('posts.column.author'), render: (_, row) => <PersonCell user={row.user_info} /> },
    { key: 'created', title: t('posts.column.created'), render: (_, row) => <FullTime time={row.create_time} /> },
    {
      key: 'status',
      title: t('posts.column.status'),
      render: (_, row) => (
        <PostStatusSelect
          kind="question"
          current={postStatusOf(row.status)}
          label={t('posts.status_of', { title: row.title })}
          onChoose={(next) => change.request(row.id, next)}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t('screens.questions')}>
      <StatusTabs
        label={t('posts.status_filter')}
        value={status}
        options={STATUSES.map((value) => ({ value, label: t(`posts.status.${value}`) }))}
        onChange={(value) => setFilter({ status: value === 'normal' ? null : value })}
      />
      <div className="admin-toolbar">
        <SearchBox
          label={t('posts.search.question_label')}
          placeholder={t('posts.search.question_placeholder')}
          value={query}
          onSearch={(text) => setFilter({ query: text })}
        />
      </div>
      <ListFrame
        label={t('posts.list.questions')}
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
