import type { ScreenLoader } from '@agora/shared-api';

/** The tag screens (SPEC §2.1 /tags...). Translations: ./i18n, under `tags`. */
export const tagScreens: Partial<Record<string, ScreenLoader>> = {
  'tag-list': () => import('./list/tag-list-screen'),
  'tag-page': () => import('./page/tag-page-screen'),
  'tag-info': () => import('./info/tag-info-screen'),
  'tag-edit': () => import('./form/tag-edit-screen'),
  'tag-create': () => import('./form/tag-create-screen'),
};
