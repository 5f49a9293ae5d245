import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';

export { NAMESPACE };

/** Screens whose capability comes later render an honest 'not available yet' panel, never fake content. */
const placeholder = (screen: string) => import('../routes/placeholder').then((m) => m.placeholder(screen));

export default defineRemoteRoutes({
  remote: 'mf_admin',
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
    'admin-layout': () => import('../routes/admin-layout'),
    dashboard: () => import('../dashboard/dashboard-screen'),
    answers: () => placeholder('answers'),
    flags: () => placeholder('flags'),
    themes: () => placeholder('themes'),
    'css-html': () => placeholder('css-html'),
    general: () => placeholder('general'),
    interface: () => placeholder('interface'),
    questions: () => placeholder('questions'),
    users: () => placeholder('users'),
    'user-detail': () => placeholder('user-detail'),
    smtp: () => placeholder('smtp'),
    branding: () => placeholder('branding'),
    legal: () => placeholder('legal'),
    write: () => placeholder('write'),
    seo: () => placeholder('seo'),
    login: () => placeholder('login'),
    'settings-users': () => placeholder('settings-users'),
    privileges: () => placeholder('privileges'),
    'installed-plugins': () => placeholder('installed-plugins'),
  },
});
