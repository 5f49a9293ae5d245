import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import authEnUS from '../auth/i18n/en_US.json';
import authZhCN from '../auth/i18n/zh_CN.json';
import badgesEnUS from '../people/badges/i18n/en_US.json';
import badgesZhCN from '../people/badges/i18n/zh_CN.json';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import notificationsEnUS from '../notifications/i18n/en_US.json';
import notificationsZhCN from '../notifications/i18n/zh_CN.json';
import peopleEnUS from '../people/i18n/en_US.json';
import peopleZhCN from '../people/i18n/zh_CN.json';
import { screens } from './screens';

export { NAMESPACE } from '../namespace';

export default defineRemoteRoutes({
  remote: 'mf_users',
  // This remote's own imports: a singleton it failed to share would show up as a different instance.
  sources: {
    apiClient: api,
    useQueryClient,
    useStore,
    i18n: i18next,
    useTheme,
    loadAntdContext: () => import('@agora/shared-ui/antd').then((m) => m.AntdConfigContext),
  },
  translations: {
    en_US: { ...en_US, auth: authEnUS, people: peopleEnUS, notifications: notificationsEnUS, badges: badgesEnUS },
    zh_CN: { ...zh_CN, auth: authZhCN, people: peopleZhCN, notifications: notificationsZhCN, badges: badgesZhCN },
  },
  screens,
});
