/**
 * Node's Request (used by ky) does not resolve site-relative URLs; the browser resolves them against the
 * page. Call once in a jsdom test set-up so that the API client's '/answer/api/v1/…' requests work.
 */
export function resolveRequestsAgainstPage(): void {
  const NativeRequest = globalThis.Request;
  if ((NativeRequest as { pageRelative?: boolean }).pageRelative) return;
  class PageRelativeRequest extends NativeRequest {
    static pageRelative = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  globalThis.Request = PageRelativeRequest as typeof Request;
}
