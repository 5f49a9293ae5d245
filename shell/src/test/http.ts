import { vi } from 'vitest';

/** A handler answers with envelope data, or with a full Response (status codes, odd bodies). */
export type Handler = unknown | ((request: Request) => unknown);

export function envelope(data: unknown, status = 200, reason = 'base.success', msg = ''): Response {
  return new Response(JSON.stringify({ code: status, reason, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Mocks HTTP at the fetch level (unit tests only). Keys are 'METHOD /path' with the path relative to the
 * site root, e.g. 'GET /answer/api/v1/siteinfo'. Unknown requests answer 404 and are recorded.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler === undefined) return envelope(null, 404, 'base.not_found', 'Not found');
    const value = typeof handler === 'function' ? await (handler as (r: Request) => unknown)(request) : handler;
    return value instanceof Response ? value : envelope(value);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    count: (method: string, path: string) =>
      calls.filter((r) => r.method === method && new URL(r.url).pathname === path).length,
  };
}
