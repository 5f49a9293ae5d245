import { setStoredLanguage } from '@agora/shared-api';
import i18next from 'i18next';

/**
 * Switches the interface language: i18next, the stored value and the document's lang attribute.
 * Answers whether the language changed (data the server translated must then be read again).
 */
export async function applyLanguage(language: string): Promise<boolean> {
  setStoredLanguage(language);
  document.documentElement.lang = language.replace('_', '-');
  if (i18next.language === language) return false;
  await i18next.changeLanguage(language);
  return true;
}
