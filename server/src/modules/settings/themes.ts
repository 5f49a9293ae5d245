import type { ThemeOptions } from '@agora/shared-api/contract';

/** The themes this build ships: what GET theme/options lists and siteinfo/theme accepts. */
export const THEMES: ThemeOptions = [{ label: 'Default', value: 'default' }];
