import { cleanup, configure } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import { configureClient } from '../client';
import { resolveRequestsAgainstPage } from './page-relative';

/** What a remote's test set-up file passes: its i18next namespace and texts, as expose/routes.tsx registers them. */
export interface RemoteTestSetup {
  namespace: string;
  en_US: Record<string, unknown>;
  zh_CN: Record<string, unknown>;
  /** Further bundles on the same instance (shared-ui's strings). */
  register?: (i18n: I18n) => void;
  /** The pretend window width each test starts with (min/max-width media queries follow it). */
  width?: number;
}

/** jsdom has no matchMedia: min-width and max-width queries are evaluated against `window.innerWidth`. */
function matchMedia(query: string): MediaQueryList {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const width = window.innerWidth;
  return {
    matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * Like `css: false` for our own style sheets: antd's CSS-in-JS style elements (~300 KB of rules) stay in the
 * document but are not applied (a non-CSS type). jsdom matches every rule on each getComputedStyle, which
 * testing-library calls for every node it looks at: each query took about a second.
 */
function leaveCssInJsUnapplied() {
  const insertBefore = HTMLHeadElement.prototype.insertBefore;
  const appendChild = HTMLHeadElement.prototype.appendChild;
  const unapplied = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')) node.type = 'text/x-unapplied';
    return node;
  };
  HTMLHeadElement.prototype.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
    return insertBefore.call(this, unapplied(node), child) as T;
  };
  HTMLHeadElement.prototype.appendChild = function <T extends Node>(node: T): T {
    return appendChild.call(this, unapplied(node)) as T;
  };
}

/**
 * The set-up every remote's unit tests share, called once from its vitest set-up file: what the shell
 * provides at start-up (one i18next instance with the remote's namespace, the API client sending the
 * interface language) and what jsdom lacks (matchMedia, ResizeObserver, page-relative Requests). Each test
 * starts in English at `width` px with empty local storage.
 */
export function setupRemoteTests({ namespace, en_US, zh_CN, register, width = 1280 }: RemoteTestSetup): void {
  const bundles = { en_US, zh_CN };
  if (i18next.isInitialized) {
    // Files that share their worker's modules (vitest isolate: false) find the instance an earlier file
    // set up: this one's bundles are added to it; initialising it again would drop the bundles of others.
    for (const [language, bundle] of Object.entries(bundles))
      i18next.addResourceBundle(language, namespace, bundle, true, true);
    i18next.setDefaultNamespace(namespace);
  } else {
    void i18next.use(initReactI18next).init({
      lng: 'en_US',
      fallbackLng: 'en_US',
      supportedLngs: ['en_US', 'zh_CN'],
      load: 'currentOnly',
      ns: [namespace],
      defaultNS: namespace,
      resources: { en_US: { [namespace]: en_US }, zh_CN: { [namespace]: zh_CN } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  }
  register?.(i18next);
  configureClient({ getToken: () => null, getLanguage: () => i18next.language });

  // findBy*/waitFor: antd forms render slowly in jsdom on a busy 2-core machine (a clean-clone run saw a
  // wizard step take over 5 s); waiting up to 15 s still waits on what the user sees, and ends when it shows.
  configure({ asyncUtilTimeout: 15_000 });
  leaveCssInJsUnapplied();
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMedia });
  // antd's Select popup observes its size.
  if (!('ResizeObserver' in globalThis)) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  resolveRequestsAgainstPage();

  beforeEach(async () => {
    window.innerWidth = width;
    await i18next.changeLanguage('en_US');
  });
  afterEach(() => {
    cleanup();
    // As a new visit: no session marker, remembered page or draft left by the test before.
    window.localStorage.clear();
  });
}
