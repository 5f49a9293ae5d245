import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import authEnUS from '../auth/i18n/en_US.json';
import authZhCN from '../auth/i18n/zh_CN.json';
import { authScreens } from '../auth/screens';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import peopleEnUS from '../people/i18n/en_US.json';
import peopleZhCN from '../people/i18n/zh_CN.json';
import { peopleScreens } from '../people/screens';

export { NAMESPACE } from '../namespace';

/** Screens whose capability comes later render an honest 'not available yet' panel, never fake content. */
const placeholder = (screen: string) => import('../routes/placeholder').then((m) => m.placeholder(screen));

/** A built screen when its area provides one, else the placeholder. */
const screen = (id: string) => authScreens[id] ?? peopleScreens[id] ?? (() => placeholder(id));

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
    en_US: { ...en_US, auth: authEnUS, people: peopleEnUS },
    zh_CN: { ...zh_CN, auth: authZhCN, people: peopleZhCN },
  },
  screens: {
    login: screen('login'),
    register: screen('register'),
    'account-recovery': screen('account-recovery'),
    'change-email': screen('change-email'),
    'password-reset': screen('password-reset'),
    'account-activation': screen('account-activation'),
    'activation-success': screen('activation-success'),
    'activation-failed': screen('activation-failed'),
    'confirm-new-email': screen('confirm-new-email'),
    'account-suspended': screen('account-suspended'),
    'confirm-email': screen('confirm-email'),
    'auth-landing': screen('auth-landing'),
    'user-center-auth': screen('user-center-auth'),
    'user-center-auth-failed': screen('user-center-auth-failed'),
    'user-list': screen('user-list'),
    profile: screen('profile'),
    settings: screen('settings'),
    notifications: screen('notifications'),
    tos: screen('tos'),
    privacy: screen('privacy'),
    unsubscribe: screen('unsubscribe'),
  },
});
