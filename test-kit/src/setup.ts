// What every remote's vitest setup file does before its tests: the DOM pieces jsdom lacks and i18next
// started as the shell starts it. A remote's src/test/setup.ts calls these with its own namespace.
import '@testing-library/jest-dom/vitest';
import { configureClient } from '@agora/shared-api';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';

type Messages = { [key: string]: string | Messages };

/**
 * As the shell does at start-up: one i18next instance (the remote's namespace and shared-ui's added to it)
 * and the API client sending the interface language. Every test starts in en_US.
 */
export function startTestI18n(namespace: string, resources: { en_US: Messages; zh_CN: Messages }): void {
  void i18next.use(initReactI18next).init({
    lng: 'en_US',
    fallbackLng: 'en_US',
    supportedLngs: ['en_US', 'zh_CN'],
    load: 'currentOnly',
    ns: [namespace],
    defaultNS: namespace,
    resources: { en_US: { [namespace]: resources.en_US }, zh_CN: { [namespace]: resources.zh_CN } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  registerSharedUiTranslations(i18next);
  configureClient({ getToken: () => null, getLanguage: () => i18next.language });
  beforeEach(async () => {
    await i18next.changeLanguage('en_US');
  });
}

/** jsdom's gaps, filled as a browser would: matchMedia, ResizeObserver, page-relative Request URLs. */
export function installDomShims(): void {
  // findBy*/waitFor: antd renders slowly in jsdom on a busy machine; waiting longer still ends as soon as
  // what the user sees shows.
  configure({ asyncUtilTimeout: 15_000 });

  // antd's CSS-in-JS style elements stay in the document but are not applied (a non-CSS type): jsdom
  // matches every rule on each getComputedStyle, which testing-library calls for every node it looks at.
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

  // matchMedia: `window.innerWidth` (1280 at the start of each test) decides min-width/max-width queries.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
      const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
      const width = window.innerWidth;
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      } as MediaQueryList;
    },
  });

  // antd's Select popup and Tabs observe their size.
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

  beforeEach(() => {
    window.innerWidth = 1280;
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
