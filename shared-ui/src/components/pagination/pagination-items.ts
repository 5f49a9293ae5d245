/** One slot of the numbered part of a pagination bar. */
export type PaginationItem =
  { type: 'page'; page: number; current: boolean } | { type: 'ellipsis'; key: 'start' | 'end' };

/** Up to 5 numbered pages near the start. */
export const PAGE_WINDOW = 5;

/** Number of pages for `total` items; 0 for no items. */
export function totalPagesOf(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The numbered pages to show, as a pure function of the current page and the page count.
 *
 * - One page or fewer: nothing (the bar is not shown at all).
 * - Near the start (current page 1 to 4): pages 1 to 5, then '…' and the last page.
 * - Further on: page 1, '…', a window of 5 pages centred on the current page, '…', the last page;
 *   near the end the window is the last 5 pages.
 * - An ellipsis stands only where at least one page is skipped.
 * A current page outside 1..totalPages is clamped into it.
 */
export function paginationItems(page: number, totalPages: number): PaginationItem[] {
  const last = Math.floor(totalPages);
  if (!(last > 1)) return [];
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);

  let start: number;
  let end: number;
  if (current < PAGE_WINDOW) {
    start = 1;
    end = Math.min(PAGE_WINDOW, last);
  } else {
    const half = Math.floor(PAGE_WINDOW / 2);
    end = Math.min(last, current + half);
    start = Math.max(1, end - PAGE_WINDOW + 1);
  }

  const pageItem = (p: number): PaginationItem => ({ type: 'page', page: p, current: p === current });
  const items: PaginationItem[] = [];
  if (start > 1) {
    items.push(pageItem(1));
    if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p += 1) items.push(pageItem(p));
  if (end < last) {
    if (end < last - 1) items.push({ type: 'ellipsis', key: 'end' });
    items.push(pageItem(last));
  }
  return items;
}
