import { paths } from '@agora/shared-api';
import { EmptyList, ListPlaceholder, Pagination, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { LIST_ORDERS, QUESTION_PAGE_SIZE, questionPageQuery } from '../../questions/common/api';
import { useSite } from '../../questions/common/site';
import { pageHref, readListParams, sortHref } from '../../questions/list/list-params';
import { QuestionItem } from '../../questions/list/question-item';
import '../../questions/list/question-list.css';
import '../tags.css';
import { TagHeader } from './tag-header';
import { useTagOfRoute } from './use-tag';

/** `/tags/{slug}` (SPEC §2.1): the tag's head, ask-with-this-tag, and its questions with sorts and pages. */
export default function TagPageScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { order, page } = readListParams(search);
  const site = useSite();
  const { query, tag } = useTagOfRoute('tag');
  const questions = useQuery({ ...questionPageQuery(order, page, tag?.slug_name), enabled: !!tag });

  const name = tag?.display_name || tag?.slug_name;
  useEffect(() => {
    if (!name) return;
    const title = t('tags.page.title', { name });
    document.title = site.name ? `${title} - ${site.name}` : title;
  }, [name, site.name, t]);

  if (query.isError)
    return (
      <p role="alert" className="qa-muted">
        {t('tags.page.load_failed')}
      </p>
    );
  if (!tag) return <ListPlaceholder rows={10} />;

  const options = LIST_ORDERS.map((value) => ({ value, label: t(`questions.list.sort.${value}`) }));
  const data = questions.data;
  return (
    <div className="qa-page qa-tags-page">
      <TagHeader
        tag={tag}
        current="page"
        actions={
          <Link className="qa-tag-btn qa-tag-btn--primary" to={paths.ask(tag.slug_name)}>
            {t('tags.page.ask')}
          </Link>
        }
      />
      <div className="qa-list-head">
        <h2 className="qa-tag-section-title">{t('tags.page.questions_heading')}</h2>
        <SortButtonGroup
          options={options}
          value={order}
          hrefFor={(value) => sortHref(pathname, search, value)}
          label={t('tags.page.sort_label')}
        />
      </div>
      {questions.isPending ? (
        <ListPlaceholder rows={10} />
      ) : questions.isError || !data ? (
        <p role="alert" className="qa-muted">
          {t('tags.page.questions_failed')}
        </p>
      ) : data.list.length === 0 ? (
        <EmptyList />
      ) : (
        <>
          <ul className="qa-list" aria-label={t('tags.page.questions_label', { name })}>
            {data.list.map((item) => (
              <QuestionItem key={item.id} item={item} permalink={site.permalink} timeZone={site.timeZone} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={QUESTION_PAGE_SIZE}
            total={data.count}
            hrefFor={(target) => pageHref(pathname, search, target)}
            label={t('tags.page.pagination')}
          />
        </>
      )}
    </div>
  );
}
