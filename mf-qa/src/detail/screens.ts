import type { ScreenLoader } from '@agora/shared-api';

/** The question detail screen. Translations: ./i18n, under `detail`. */
export const detailScreens: Partial<Record<string, ScreenLoader>> = {
  'question-detail': () => import('./question-detail-screen'),
};
