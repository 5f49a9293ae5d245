import '@testing-library/jest-dom/vitest';
import { configureClient } from '@agora/shared-api';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import authEnUS from '../auth/i18n/en_US.json';
import authZhCN from '../auth/i18n/zh_CN.json';
import screensEnUS from '../i18n/en_US.json';
import screensZhCN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';
import peopleEnUS from '../people/i18n/en_US.json';
import peopleZhCN from '../people/i18n/zh_CN.json';

// The namespace as expose/routes.tsx registers it.
const en_US = { ...screensEnUS, auth: authEnUS, people: peopleEnUS };
const zh_CN = { ...screensZhCN, auth: authZhCN, people: peopleZhCN };

// As the shell does at start-up: one i18next instance (this remote's namespace added to it) and the API
// client sending the interface language.
void i18next.use(initReactI18next).init({
  lng: 'en_US',
  fallbackLng: 'en_US',
  supportedLngs: ['en_US', 'zh_CN'],
  load: 'currentOnly',
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: { en_US: { [NAMESPACE]: en_US }, zh_CN: { [NAMESPACE]: zh_CN } },
  initAsync: false,
  interpolation: { escapeValue: false },
});
configureClient({ getToken: () => null, getLanguage: () => i18next.language });

// findBy*/waitFor: antd forms render slowly in jsdom on a busy 2-core machine (a clean-clone run saw a
// wizard step take over 5 s); waiting up to 15 s still waits on what the user sees, and ends at once when it shows.
configure({ asyncUtilTimeout: 15_000 });

// Like `css: false` for our own style sheets: antd's CSS-in-JS style elements (~300 KB of rules) stay in
// the document but are not applied (a non-CSS type). jsdom matches every rule on each getComputedStyle,
// which testing-library calls for every node it looks at: each query took about a second.
const insertBefore = HTMLHeadElement.prototype.insertBefore;
const appendChild = HTMLHeadElement.prototype.appendChild;
function unapplied<T extends Node>(node: T): T {
  if (node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')) node.type = 'text/x-unapplied';
  return node;
}
HTMLHeadElement.prototype.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
  return insertBefore.call(this, unapplied(node), child) as T;
};
HTMLHeadElement.prototype.appendChild = function <T extends Node>(node: T): T {
  return appendChild.call(this, unapplied(node)) as T;
};

// jsdom has no matchMedia; antd's responsive helpers read it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// jsdom has no ResizeObserver either; antd's Select popup observes its size.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Node's Request (used by ky) does not resolve site-relative URLs; the browser resolves them against the page.
const NativeRequest = globalThis.Request;
class PageRelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}
globalThis.Request = PageRelativeRequest as typeof Request;

beforeEach(async () => {
  await i18next.changeLanguage('en_US');
});

afterEach(() => {
  cleanup();
  // As a new visit: no session marker or remembered page left by the test before (the shell forgets the
  // page to return to once the member arrives elsewhere; there is no shell here).
  localStorage.clear();
});
