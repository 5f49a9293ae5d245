import type { i18n as I18n } from 'i18next';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import { useContext } from 'react';
import badge_en_US from './badge.en_US.json';
import badge_zh_CN from './badge.zh_CN.json';
import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

/** The i18next namespace that holds every shared-ui string. */
export const SHARED_UI_NS = 'shared-ui';

/** The main files plus one file pair per area (its texts under the area's key). */
export const SHARED_UI_RESOURCES = {
  en_US: { ...en_US, badge: badge_en_US },
  zh_CN: { ...zh_CN, badge: badge_zh_CN },
} as const;

/**
 * Adds shared-ui's strings to the ONE shared i18next instance (the shell calls this at start-up).
 * Idempotent: bundles already present are left alone.
 */
export function registerSharedUiTranslations(i18n: I18n): void {
  // Before init() there is no resource store yet: add the bundles as soon as it exists.
  if (!i18n.store) {
    i18n.on('initialized', () => registerSharedUiTranslations(i18n));
    return;
  }
  for (const [language, bundle] of Object.entries(SHARED_UI_RESOURCES)) {
    if (!i18n.hasResourceBundle(language, SHARED_UI_NS)) {
      i18n.addResourceBundle(language, SHARED_UI_NS, bundle, true, false);
    }
  }
}

/**
 * useTranslation('shared-ui'), registering the bundles first when start-up forgot to, so a component
 * never renders raw keys or suspends waiting for a namespace no backend will ever load.
 */
export function useSharedUiTranslation() {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  if (instance) registerSharedUiTranslations(instance);
  return useTranslation(SHARED_UI_NS);
}
