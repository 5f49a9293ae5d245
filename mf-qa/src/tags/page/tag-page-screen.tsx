import { paths } from '@agora/shared-api';
import { ListPlaceholder, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { LIST_ORDERS, questionPageQuery } from '../../questions/common/api';
import { useSite } from '../../questions/common/site';
import { readListParams, sortHref } from '../../questions/list/list-params';
import { QuestionListBody } from '../../questions/list/question-list-body';
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
      <QuestionListBody
        list={questions}
        page={page}
        label={t('tags.page.questions_label', { name })}
        paginationLabel={t('tags.page.pagination')}
        failedText={t('tags.page.questions_failed')}
      />
    </div>
  );
}
