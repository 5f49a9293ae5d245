import type { ScreenLoader } from '@agora/shared-api';

/** The search screen (SPEC §2.1 /search?q=). Translations: ./i18n, under `search`. */
export const searchScreens: Partial<Record<string, ScreenLoader>> = {
  search: () => import('./search-screen'),
};
