import {
  ContentWithSidebar,
  EmptyList,
  formatCount,
  ListPlaceholder,
  Pagination,
  SortButtonGroup,
} from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FollowingTagsSide } from '../../following/following-tags-side';
import { NAMESPACE } from '../../namespace';
import { LIST_ORDERS, QUESTION_PAGE_SIZE, questionPageQuery } from '../common/api';
import { useSite } from '../common/site';
import { HotQuestions } from './hot-questions';
import { pageHref, readListParams, sortHref } from './list-params';
import { QuestionItem } from './question-item';
import './question-list.css';

/** `/` and `/questions` (SPEC §2.1): the question list with its sorts, pagination, followed tags and hot questions. */
export default function QuestionListScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { order, page } = readListParams(search);
  const site = useSite();
  const list = useQuery(questionPageQuery(order, page));
  const isHome = pathname === '/';

  const heading = isHome && site.name ? t('questions.list.welcome', { site: site.name }) : t('questions.list.title');
  useEffect(() => {
    document.title = isHome || !site.name ? site.name || heading : `${t('questions.list.title')} - ${site.name}`;
  }, [isHome, site.name, heading, t]);

  const options = LIST_ORDERS.map((value) => ({ value, label: t(`questions.list.sort.${value}`) }));
  const data = list.data;

  return (
    <div className="qa-page">
      <ContentWithSidebar
        sidebar={
          <>
            <FollowingTagsSide />
            <HotQuestions permalink={site.permalink} />
          </>
        }
        sidebarLabel={t('questions.sidebar')}
      >
        <div className="qa-list-head">
          <div>
            <h1 className="qa-list-head__title">{heading}</h1>
            {data && (
              <p className="qa-list-head__count">
                {t('questions.list.count', { count: data.count, value: formatCount(data.count, i18n.language) })}
              </p>
            )}
          </div>
          <SortButtonGroup
            options={options}
            value={order}
            hrefFor={(value) => sortHref(pathname, search, value)}
            label={t('questions.list.sort_label')}
          />
        </div>
        {list.isPending ? (
          <ListPlaceholder rows={10} />
        ) : list.isError || !data ? (
          <p role="alert" className="qa-muted">
            {t('questions.list.load_failed')}
          </p>
        ) : data.list.length === 0 ? (
          <EmptyList />
        ) : (
          <>
            <ul className="qa-list" aria-label={t('questions.list.list_label')}>
              {data.list.map((item) => (
                <QuestionItem key={item.id} item={item} permalink={site.permalink} timeZone={site.timeZone} />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={QUESTION_PAGE_SIZE}
              total={data.count}
              hrefFor={(target) => pageHref(pathname, search, target)}
              label={t('questions.list.pagination')}
            />
          </>
        )}
      </ContentWithSidebar>
    </div>
  );
}
