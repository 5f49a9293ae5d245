import { questionPageQuery } from '@agora/shared-api/resources/question';
import { ContentWithSidebar, formatCount, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FollowingTagsSide } from '../../common/following-tags-side';
import { NAMESPACE } from '../../namespace';
import { LIST_ORDERS } from '../../common/question-list';
import { useSite } from '../../common/site';
import { HotQuestions } from './hot-questions';
import { readListParams, sortHref } from '../../common/list-params';
import { QuestionListBody } from '../../common/question-list-body';
import '../../common/question-list.css';

/** `/` and `/questions`: the question list with its sorts, pagination, followed tags and hot questions. */
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
        <QuestionListBody
          list={list}
          page={page}
          label={t('questions.list.list_label')}
          paginationLabel={t('questions.list.pagination')}
          failedText={t('questions.list.load_failed')}
        />
      </ContentWithSidebar>
    </div>
  );
}
