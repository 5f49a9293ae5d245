import type { ScreenLoader } from '@agora/shared-api';

/**
 * The question screens built so far. Each entry replaces the placeholder of that screen id in
 * expose/routes.tsx. Translations: ./i18n, under `questions`.
 */
export const questionScreens: Partial<Record<string, ScreenLoader>> = {
  'question-list': () => import('./list/question-list-screen'),
};
