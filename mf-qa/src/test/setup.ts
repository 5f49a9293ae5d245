import '@testing-library/jest-dom/vitest';
import { configureClient } from '@agora/shared-api';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import askEnUS from '../ask/i18n/en_US.json';
import commentsEnUS from '../comments/i18n/en_US.json';
import detailEnUS from '../detail/i18n/en_US.json';
import screensEnUS from '../i18n/en_US.json';
import zh_CN from '../i18n/zh-cn-bundle';
import { NAMESPACE } from '../namespace';
import questionsEnUS from '../questions/i18n/en_US.json';
import searchEnUS from '../search/i18n/en_US.json';
import tagsEnUS from '../tags/i18n/en_US.json';
import timelineEnUS from '../timeline/i18n/en_US.json';

// The namespace as expose/routes.tsx registers it: every area's texts, so a screen showing a part shared
// from common/ finds the texts that part uses.
const en_US = {
  ...screensEnUS,
  questions: questionsEnUS,
  ask: askEnUS,
  detail: detailEnUS,
  comments: commentsEnUS,
  tags: tagsEnUS,
  search: searchEnUS,
  timeline: timelineEnUS,
};

// As the shell does at start-up: one i18next instance (this remote's namespace and shared-ui's added to it)
// and the API client sending the interface language.
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
registerSharedUiTranslations(i18next);
configureClient({ getToken: () => null, getLanguage: () => i18next.language });

configure({ asyncUtilTimeout: 15_000 });

// jsdom has no matchMedia; shared-ui's breakpoints read it. `window.innerWidth` decides min-width queries.
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

// Node's Request (used by ky) does not resolve site-relative URLs; the browser resolves them against the page.
const NativeRequest = globalThis.Request;
class PageRelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}
globalThis.Request = PageRelativeRequest as typeof Request;

beforeEach(async () => {
  window.innerWidth = 1280;
  await i18next.changeLanguage('en_US');
});

afterEach(() => {
  cleanup();
  // A draft a test left behind (saved once typing rests, which a loaded machine can reach) must not come
  // back in the next test's form.
  window.localStorage.clear();
});
