import { setStoredLanguage } from '@agora/shared-api';
import i18next from 'i18next';

/** Switches the interface language: i18next, the stored value and the document's lang attribute. */
export async function applyLanguage(language: string): Promise<void> {
  setStoredLanguage(language);
  document.documentElement.lang = language.replace('_', '-');
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
