import type { ScreenLoader } from '@agora/shared-api';

/** Ask, edit-question and edit-answer screens. Translations: ./i18n, under `ask`. */
export const askScreens: Partial<Record<string, ScreenLoader>> = {
  'question-ask': () => import('./ask-screen'),
  'question-edit': () => import('./question-edit-screen'),
  'answer-edit': () => import('./answer-edit-screen'),
};
