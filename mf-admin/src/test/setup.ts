import '@testing-library/jest-dom/vitest';
import { configureClient } from '@agora/shared-api';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';

// As the shell does at start-up: one i18next instance with this remote's namespace and shared-ui's.
void i18next.use(initReactI18next).init({
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: { en_US: { [NAMESPACE]: en_US }, zh_CN: { [NAMESPACE]: zh_CN } },
  initAsync: false,
  interpolation: { escapeValue: false },
});
registerSharedUiTranslations(i18next);
configureClient({ getToken: () => null, getLanguage: () => i18next.language });

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
});
