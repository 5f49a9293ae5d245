import { paths } from '@agora/shared-api';
import { questionPageQuery } from '@agora/shared-api/resources/question';
import { ListPlaceholder, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { LIST_ORDERS } from '../../common/question-list';
import { readListParams, sortHref } from '../../common/list-params';
import { QuestionListBody } from '../../common/question-list-body';
import '../../common/question-list.css';
import '../tags.css';
import { TagHeader } from './tag-header';
import { useTagOfRoute } from './use-tag';

/** `/tags/{slug}`: the tag's head, ask-with-this-tag, and its questions with sorts and pages. */
export default function TagPageScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { order, page } = readListParams(search);
  const { query, tag, name } = useTagOfRoute('tag', (tagName) => t('tags.page.title', { name: tagName }));
  const questions = useQuery({ ...questionPageQuery(order, page, tag?.slug_name), enabled: !!tag });

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
