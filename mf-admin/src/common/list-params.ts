// The admin lists keep their filters and page in the address (`?status=&query=&page=`), so a reload,
// a shared link and the back button show the same rows.
import { PAGE_MAX } from '@agora/shared-api/contract';
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** `page` from the address: a whole number from 1 to the deepest page a list serves (else page 1). */
export function readPage(search: URLSearchParams): number {
  const raw = search.get('page') ?? '';
  return /^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= PAGE_MAX ? Number(raw) : 1;
}

/** A parameter that must be one of `allowed`; anything else is `fallback`. */
export function readChoice<T extends string>(
  search: URLSearchParams,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = search.get(key);
  return (allowed as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
}

/** The address with `changes` applied (null or '' removes a parameter); page 1 is the address without `page`. */
function hrefWith(pathname: string, search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The list's address: `hrefFor(page)` links a page; `setFilter` changes filters and goes back to page 1
 * (a new history entry, so Back returns to the previous filter).
 */
export function useListAddress() {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const hrefFor = useCallback((page: number) => hrefWith(pathname, search, { page: String(page) }), [pathname, search]);
  const setFilter = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch((current) => new URLSearchParams(hrefWith('', current, { ...changes, page: null }).slice(1))),
    [setSearch],
  );
  return { search, hrefFor, setFilter };
}
