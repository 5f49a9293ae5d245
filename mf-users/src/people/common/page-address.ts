import { useSearchParams } from 'react-router-dom';

/** The list page in the address (`?page=`, 1 when absent or invalid) and the link to another page of it. */
export function usePage(): [number, (page: number) => string] {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const hrefFor = (next: number) => {
    const search = new URLSearchParams(params);
    if (next <= 1) search.delete('page');
    else search.set('page', String(next));
    const text = search.toString();
    return text ? `?${text}` : '?';
  };
  return [page, hrefFor];
}
