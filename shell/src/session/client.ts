import { configureClient, DEFAULT_LANGUAGE, getAccessToken, getStoredLanguage } from '@agora/shared-api';
import i18next from 'i18next';

/** Wires the shared API client to the session: the stored token and the interface language. */
export function wireClient(): void {
  configureClient({
    getToken: getAccessToken,
    getLanguage: () => i18next.language || getStoredLanguage() || DEFAULT_LANGUAGE,
  });
}
