import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSharedUiTranslation } from '../../i18n/register';
import { paginationItems, totalPagesOf } from './pagination-items';
import './pagination.css';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Items per page; default 15. */
  pageSize?: number;
  /** Total number of items. */
  total: number;
  /** When given, pages are links (crawlable, open in new tab); otherwise buttons. */
  hrefFor?: (page: number) => string;
  /** Called with the chosen page (also on link clicks). */
  onChange?: (page: number) => void;
  /** Accessible name of the navigation landmark; default 'Pagination'. */
  label?: string;
}

/** Page navigation in plain markup (antd's Pagination costs ~28 KB gzip on a read-only page). */
export function Pagination({ page, pageSize = 15, total, hrefFor, onChange, label }: PaginationProps) {
  const { t } = useSharedUiTranslation();
  const totalPages = totalPagesOf(total, pageSize);
  const items = paginationItems(page, totalPages);
  if (items.length === 0) return null;
  const current = items.find((item) => item.type === 'page' && item.current);
  const currentPage = current?.type === 'page' ? current.page : 1;

  const control = (
    target: number,
    content: ReactNode,
    extra: { rel?: string; ariaLabel: string; isCurrent?: boolean },
  ) => {
    const common = {
      className: 'agora-pagination__control',
      'aria-label': extra.ariaLabel,
      'aria-current': extra.isCurrent ? ('page' as const) : undefined,
    };
    if (hrefFor) {
      return (
        <Link {...common} to={hrefFor(target)} rel={extra.rel} onClick={() => onChange?.(target)}>
          {content}
        </Link>
      );
    }
    return (
      <button {...common} type="button" onClick={() => onChange?.(target)}>
        {content}
      </button>
    );
  };

  return (
    <nav className="agora-pagination" aria-label={label ?? t('pagination.label')}>
      <ul>
        {currentPage > 1 && (
          <li>
            {control(currentPage - 1, t('pagination.prev'), { rel: 'prev', ariaLabel: t('pagination.prev_page') })}
          </li>
        )}
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className="agora-pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {control(item.page, item.page, {
                ariaLabel: t('pagination.page', { page: item.page }),
                isCurrent: item.current,
              })}
            </li>
          ),
        )}
        {currentPage < totalPages && (
          <li>
            {control(currentPage + 1, t('pagination.next'), { rel: 'next', ariaLabel: t('pagination.next_page') })}
          </li>
        )}
      </ul>
    </nav>
  );
}
