import { answerPath, paths } from '@agora/shared-api';
import type { AdminAnswerStatus } from '@agora/shared-api/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminAnswersQuery } from '../api/posts';
import { excerptOf } from '../common/excerpt';
import { NAMESPACE } from '../namespace';
import { PostList, usePostFilters } from './post-list';

const STATUSES: readonly AdminAnswerStatus[] = ['normal', 'deleted', 'pending'];

/**
 * /admin/answers: every answer by status (tabs), searched by its question's title or `answer:<id>`, with
 * an excerpt, votes, author, date and a status select per row.
 */
export default function AnswersScreen() {
  const { t } = useTranslation(NAMESPACE);
  const filters = usePostFilters(STATUSES, 'normal');
  const { status, query, page } = filters;
  const list = useQuery(adminAnswersQuery({ status, query, page }));
  return (
    <PostList
      kind="answer"
      statuses={STATUSES}
      filters={filters}
      list={list}
      titleOf={(row) => row.question_info.title}
      postColumn={{
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
      }}
    />
  );
}
