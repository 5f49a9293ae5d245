import { highlightTerms, isApiError, isEmptySearch, parseSearchQuery } from '@agora/shared-api';
import { searchQuery } from '@agora/shared-api/resources/search';
import {
  ContentWithSidebar,
  EmptyList,
  formatCount,
  ListPlaceholder,
  Pagination,
  SortButtonGroup,
} from '@agora/shared-ui';
import type { CaptchaAnswer } from '@agora/shared-ui/captcha';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import '../common/question-list.css';
import { readSearchParams, SEARCH_ORDERS, SEARCH_PAGE_SIZE, searchPageHref, searchSortHref } from './api';
import { SearchFilters } from './search-filters';
import { SearchResult } from './search-item';
import { SearchTagCard, singleTagOf } from './search-tag-card';
import { SearchTips } from './search-tips';
import './search.css';

// antd: only when the server asks for a captcha.
const SearchCaptcha = lazy(() => import('./search-captcha'));

/** The field the server names when it wants a captcha. */
const CAPTCHA_FIELD = 'captcha_code';
const isCaptchaRefusal = (error: unknown) =>
  isApiError(error) && error.fieldErrors.some((f) => f.error_field === CAPTCHA_FIELD);

const NO_RETRY = { attempt: 0, captcha: {} } as const;

/** A retry after a captcha refusal, for the search it was asked for. */
interface Retry {
  search: string;
  attempt: number;
  captcha: CaptchaAnswer;
}

/** `/search?q=&order=&page=`: results of the query with its sorts and pages. */
export default function SearchScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const params = readSearchParams(search);
  const q = params.q.trim();
  const parsed = parseSearchQuery(q);
  const empty = q === '' || isEmptySearch(parsed);
  const terms = highlightTerms(parsed);
  const site = useSite();

  // A captcha answer belongs to the search it was typed for; another query, sort or page starts over.
  const searchKey = `${q}\n${params.order}\n${params.page}`;
  const [retry, setRetry] = useState<Retry | null>(null);
  const current: Pick<Retry, 'attempt' | 'captcha'> = retry?.search === searchKey ? retry : NO_RETRY;
  const results = useQuery(searchQuery({ ...params, q }, current, !empty));

  const title = q ? t('search.document_title', { q }) : t('search.title');
  const documentTitle = site.name ? `${title} - ${site.name}` : title;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  const answerCaptcha = (captcha: CaptchaAnswer) =>
    setRetry({ search: searchKey, attempt: current.attempt + 1, captcha });

  const options = SEARCH_ORDERS.map((value) => ({ value, label: t(`search.sort.${value}`) }));
  const data = results.data;
  // The captcha stays while an answer is on its way (and comes back with the server's word if refused).
  const refusedByCaptcha =
    !data && ((results.isError && isCaptchaRefusal(results.error)) || (current.attempt > 0 && results.isFetching));
  const tagSlug = empty ? null : singleTagOf(parsed);

  let body;
  if (empty) body = <EmptyList />;
  else if (refusedByCaptcha)
    body = (
      <Suspense fallback={<ListPlaceholder rows={1} />}>
        <SearchCaptcha error={results.error} onAnswer={answerCaptcha} busy={results.isFetching} />
      </Suspense>
    );
  else if (results.isPending || (results.isFetching && !data)) body = <ListPlaceholder rows={10} />;
  else if (results.isError || !data)
    body = (
      <p role="alert" className="qa-muted">
        {results.error instanceof Error && results.error.message
          ? t('search.load_failed_with', { message: results.error.message })
          : t('search.load_failed')}
      </p>
    );
  else
    body = (
      <>
        {data.list.length === 0 ? (
          <EmptyList />
        ) : (
          <ol className="qa-list qa-search-results" aria-label={t('search.list_label')}>
            {data.list.map((item) => (
              <SearchResult
                key={`${item.object_type}:${item.object.id}`}
                item={item}
                terms={terms}
                permalink={site.permalink}
                timeZone={site.timeZone}
              />
            ))}
          </ol>
        )}
        {/* Also past the last page (an empty page of a search with results): the way back. */}
        <Pagination
          page={params.page}
          pageSize={SEARCH_PAGE_SIZE}
          total={data.count}
          hrefFor={(target) => searchPageHref(pathname, search, target)}
          label={t('search.pagination')}
        />
      </>
    );

  return (
    <div className="qa-page qa-search">
      <ContentWithSidebar sidebar={<SearchTips />} sidebarLabel={t('search.sidebar')}>
        <div className="qa-list-head">
          <div className="qa-search__heading">
            <h1 className="qa-list-head__title">{t('search.title')}</h1>
            {q && (
              <p className="qa-search__query">
                {t('search.for_query')} <q className="qa-search__q">{q}</q>
              </p>
            )}
            {data && !empty && !refusedByCaptcha && (
              <p className="qa-list-head__count">
                {t('search.count', { count: data.count, value: formatCount(data.count, i18n.language) })}
              </p>
            )}
          </div>
          {!empty && (
            <SortButtonGroup
              options={options}
              value={params.order}
              hrefFor={(value) => searchSortHref(pathname, search, value)}
              label={t('search.sort_label')}
            />
          )}
        </div>
        {!empty && <SearchFilters parsed={parsed} />}
        {tagSlug && <SearchTagCard slug={tagSlug} />}
        {body}
      </ContentWithSidebar>
    </div>
  );
}
