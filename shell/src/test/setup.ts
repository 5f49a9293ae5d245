import '@testing-library/jest-dom/vitest';
import { setAccessToken } from '@agora/shared-api';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { wireClient } from '../session/client';

// As at start-up: the API client reads the session's token and language.
wireClient();

// findBy*/waitFor wait for what the user sees and end as soon as it shows; on a busy machine antd's first
// render of the header alone took over a second, past testing-library's 1 s default.
configure({ asyncUtilTimeout: 15_000 });

// antd and the responsive header read matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Node's Request (used by ky) does not resolve site-relative URLs; the browser resolves them against the page.
const NativeRequest = globalThis.Request;
class PageRelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}
globalThis.Request = PageRelativeRequest as typeof Request;

afterEach(() => {
  cleanup();
  setAccessToken(null);
  localStorage.clear();
});
