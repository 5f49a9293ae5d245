import { DEFAULT_LIST_ORDER, LIST_ORDERS, type ListOrder } from './question-list';

/** `order` (unknown values mean the default) and `page` (1-based; anything else is page 1). */
export function readListParams(search: URLSearchParams): { order: ListOrder; page: number } {
  const rawOrder = search.get('order');
  const order = (LIST_ORDERS as readonly string[]).includes(rawOrder ?? '')
    ? (rawOrder as ListOrder)
    : DEFAULT_LIST_ORDER;
  const rawPage = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  return { order, page };
}

const withSearch = (pathname: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** A sort's link (any list's order: questions, tags): the other parameters kept, `page` dropped. */
export function sortHref(pathname: string, search: URLSearchParams, order: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.set('order', order);
  return withSearch(pathname, params);
}

/** A page's link: the other parameters kept; page 1 is the address without `page`. */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  return withSearch(pathname, params);
}
