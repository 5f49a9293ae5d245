import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';

export const NAMESPACE = 'mf_users';

/** Screens whose capability comes later render an honest 'not available yet' panel, never fake content. */
const placeholder = (screen: string) => import('../routes/placeholder').then((m) => m.placeholder(screen));

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
  translations: { en_US, zh_CN },
  screens: {
    login: () => placeholder('login'),
    register: () => placeholder('register'),
    'account-recovery': () => placeholder('account-recovery'),
    'change-email': () => placeholder('change-email'),
    'password-reset': () => placeholder('password-reset'),
    'account-activation': () => placeholder('account-activation'),
    'activation-success': () => placeholder('activation-success'),
    'activation-failed': () => placeholder('activation-failed'),
    'confirm-new-email': () => placeholder('confirm-new-email'),
    'account-suspended': () => placeholder('account-suspended'),
    'confirm-email': () => placeholder('confirm-email'),
    'auth-landing': () => placeholder('auth-landing'),
    'user-center-auth': () => placeholder('user-center-auth'),
    'user-center-auth-failed': () => placeholder('user-center-auth-failed'),
    'user-list': () => placeholder('user-list'),
    profile: () => placeholder('profile'),
    settings: () => placeholder('settings'),
    notifications: () => placeholder('notifications'),
    tos: () => placeholder('tos'),
    privacy: () => placeholder('privacy'),
    unsubscribe: () => placeholder('unsubscribe'),
  },
});
