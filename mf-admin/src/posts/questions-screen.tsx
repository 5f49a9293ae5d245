import { paths, questionPath } from '@agora/shared-api';
import type { AdminQuestionStatus } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminQuestionsQuery } from '../api/posts';
import { NAMESPACE } from '../namespace';
import { PostList, usePostFilters } from './post-list';

const STATUSES: readonly AdminQuestionStatus[] = ['normal', 'closed', 'deleted', 'pending'];

/**
 * /admin/questions: every question by status (tabs), searched by title or `question:<id>`, with its
 * votes, answers, author, date and a status select per row.
 */
export default function QuestionsScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const filters = usePostFilters(STATUSES, 'normal');
  const { status, query, page } = filters;
  const list = useQuery(adminQuestionsQuery({ status, query, page }));
  return (
    <PostList
      kind="question"
      statuses={STATUSES}
      filters={filters}
      list={list}
      titleOf={(row) => row.title}
      postColumn={{
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
      }}
      extraColumns={[
        {
          key: 'answers',
          title: t('posts.column.answers'),
          render: (_, row) => formatCount(row.answer_count, i18n.language),
        },
      ]}
    />
  );
}
