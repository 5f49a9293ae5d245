/**
 * The one spelling of a request path that routes answer (docs/wire-contract.md, "Canonical paths").
 *
 * The router decodes percent-escapes before it matches, so `/answer/%61dmin/api/x` and
 * `/answer/admin/api/x` reach the same handler. Rules are decided from the matched route, and on top
 * of that no handler ever sees a path that is not in canonical form:
 *
 * - `canonical`: the path as sent is the canonical one;
 * - `equivalent`: it names the same resource in another spelling (an escaped letter, digit or one of
 *   `-._~`, doubled slashes, `.` and `..` segments); `canonical` is that resource's one spelling;
 * - `refused`: there is no canonical form (not an origin-form path, a malformed escape, an escaped
 *   `/`, `\` or NUL, a raw `\`, `#` or non-ASCII byte, or a `;` path parameter).
 */
export type PathVerdict =
  { kind: 'canonical' } | { kind: 'equivalent'; canonical: string } | { kind: 'refused'; why: string };

/** RFC 3986 unreserved characters: escaping them never changes what a URI names. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Anything but printable ASCII must arrive escaped. */
const UNESCAPED = /[^\x21-\x7e]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Escapes that would let a decoded segment act as a separator or end a string early. */
const SEPARATOR_ESCAPE = /%(2f|5c|00)/i;

/** The path part of a request target (what precedes `?`), as sent. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The query part of a request target, `?` included, or ''. */
export function queryOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
}

export function checkPath(path: string): PathVerdict {
  if (!path.startsWith('/')) return { kind: 'refused', why: 'not an origin-form path' };
  if (path.includes(';')) return { kind: 'refused', why: 'path parameter' };
  if (path.includes('\\')) return { kind: 'refused', why: 'backslash' };
  if (path.includes('#')) return { kind: 'refused', why: 'fragment' };
  if (UNESCAPED.test(path)) return { kind: 'refused', why: 'unescaped character' };
  if (BAD_ESCAPE.test(path)) return { kind: 'refused', why: 'malformed escape' };
  if (SEPARATOR_ESCAPE.test(path)) return { kind: 'refused', why: 'escaped separator' };
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
  const segments = decoded.split('/').slice(1);
  const trailingSlash = segments.length > 1 && segments[segments.length - 1] === '';
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') kept.pop();
    else kept.push(segment);
  }
  const canonical = `/${kept.join('/')}${trailingSlash && kept.length > 0 ? '/' : ''}`;
  return canonical === path ? { kind: 'canonical' } : { kind: 'equivalent', canonical };
}

/** The first segment of a path (`answer` of `/answer/api/v1/x`), as written. */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}
