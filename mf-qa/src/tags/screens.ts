import type { ScreenLoader } from '@agora/shared-api';

/** The tag screens (SPEC §2.1 /tags...). Translations: ./i18n, under `tags`. */
export const tagScreens: Partial<Record<string, ScreenLoader>> = {};
