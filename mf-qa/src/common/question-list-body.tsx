import { QUESTION_PAGE_SIZE } from '@agora/shared-api/resources/question';
import { EmptyList, ListPlaceholder, Pagination } from '@agora/shared-ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router-dom';
import { type QuestionPage } from './question-list';
import { useSite } from './site';
import { pageHref } from './list-params';
import { QuestionItem } from './question-item';

export interface QuestionListBodyProps {
  list: UseQueryResult<QuestionPage>;
  /** The page shown (1-based). */
  page: number;
  /** Accessible names of the list and of its pagination, and the text when it cannot be loaded. */
  label: string;
  paginationLabel: string;
  failedText: string;
}

/**
 * A page of questions as every question list shows it (the home page, a tag's page): 10 placeholder rows
 * while loading, the failure, the empty-list message, or the items and their pages (the other
 * parameters of the address kept).
 */
export function QuestionListBody({ list, page, label, paginationLabel, failedText }: QuestionListBodyProps) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const site = useSite();
  const data = list.data;
  if (list.isPending) return <ListPlaceholder rows={10} />;
  if (list.isError || !data)
    return (
      <p role="alert" className="qa-muted">
        {failedText}
      </p>
    );
  if (data.list.length === 0) return <EmptyList />;
  return (
    <>
      <ul className="qa-list" aria-label={label}>
        {data.list.map((item) => (
          <QuestionItem key={item.id} item={item} permalink={site.permalink} timeZone={site.timeZone} />
        ))}
      </ul>
      <Pagination
        page={page}
        pageSize={QUESTION_PAGE_SIZE}
        total={data.count}
        hrefFor={(target) => pageHref(pathname, search, target)}
        label={paginationLabel}
      />
    </>
  );
}
