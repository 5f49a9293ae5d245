import { DEFAULT_TAG_ORDER, TAG_NAME_MAX, TAG_ORDERS, type TagListOrder } from '../api';

/** The tag list's address: `order` (unknown → popular), `page` (1-based) and the filter `q`. */
export function readTagListParams(search: URLSearchParams): { order: TagListOrder; page: number; filter: string } {
  const rawOrder = search.get('order') ?? '';
  const order = (TAG_ORDERS as readonly string[]).includes(rawOrder) ? (rawOrder as TagListOrder) : DEFAULT_TAG_ORDER;
  const rawPage = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const filter = (search.get('q') ?? '').trim().slice(0, TAG_NAME_MAX);
  return { order, page, filter };
}

/** The address for a new filter: `q` set (or dropped when empty), back to page 1, the sort kept. */
export function filterParams(search: URLSearchParams, filter: string): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (filter) params.set('q', filter);
  else params.delete('q');
  return params;
}
