/** The public API (docs/wire-contract.md). */
export const API_PREFIX = '/answer/api/v1';
/** The admin API (docs/wire-contract.md). */
export const ADMIN_API_PREFIX = '/answer/admin/api';
/** The installer API (docs/wire-contract.md), answered in install mode. */
export const INSTALL_API_PREFIX = '/installation';

const startsWithSegment = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/** Whether a request URL is a JSON API (public or admin). */
export function isApiPath(url: string): boolean {
  return startsWithSegment(url, API_PREFIX) || startsWithSegment(url, ADMIN_API_PREFIX);
}
