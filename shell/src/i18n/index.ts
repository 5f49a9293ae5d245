import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

export const LANGUAGES = ['en_US', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

/** The one i18next instance (shared as a singleton); remotes add their own namespaces to it. */
export async function initI18n(language: string): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['shell'],
    defaultNS: 'shell',
    resources: { en_US: { shell: en_US }, zh_CN: { shell: zh_CN } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
