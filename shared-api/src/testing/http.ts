import { vi } from 'vitest';

/** A handler answers with envelope data, or with a full Response (error statuses). */
export type Handler = unknown | ((call: RecordedCall) => unknown);

export function envelope(data: unknown, status = 200, reason = 'base.success', msg = ''): Response {
  return new Response(JSON.stringify({ code: status, reason, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** A minimal siteinfo for tests; pass your own 'GET /answer/api/v1/siteinfo' route for more. */
export const TEST_SITEINFO = { general: { name: 'Agora' } };

/**
 * Mocks HTTP at the fetch level. Keys are 'METHOD /path' relative to the site root, e.g.
 * 'POST /answer/api/v1/user/login/email'. Unknown requests answer 404 and are recorded too. Unless the routes
 * say otherwise, siteinfo answers with `siteinfo` (default TEST_SITEINFO).
 */
export function mockFetch(ownRoutes: Record<string, Handler>, { siteinfo = TEST_SITEINFO as unknown } = {}) {
  const routes: Record<string, Handler> = { 'GET /answer/api/v1/siteinfo': siteinfo, ...ownRoutes };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? parseBody(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler === undefined) return envelope(null, 404, 'base.not_found', 'Not found');
    const value = typeof handler === 'function' ? await (handler as (r: RecordedCall) => unknown)(call) : handler;
    return value instanceof Response ? value : envelope(value);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    bodiesOf: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).map((c) => c.body),
  };
}

/** JSON bodies parsed; anything else (multipart uploads) kept as text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A request that stays pending until the test lets it go. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
