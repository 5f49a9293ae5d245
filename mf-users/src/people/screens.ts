import type { ScreenLoader } from '@agora/shared-api';

/**
 * The people screens (users list, profiles, settings, legal pages, unsubscribe). Each entry replaces
 * the placeholder of that screen id in expose/routes.tsx. Translations: ./i18n, under `people`.
 */
export const peopleScreens: Partial<Record<string, ScreenLoader>> = {
  'user-list': () => import('./users/user-list-screen'),
  profile: () => import('./profile/profile-screen'),
  settings: () => import('./settings/settings-screen'),
  tos: () => import('./legal/tos-screen'),
  privacy: () => import('./legal/privacy-screen'),
  unsubscribe: () => import('./unsubscribe/unsubscribe-screen'),
};
