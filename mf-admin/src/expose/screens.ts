import type { ScreenList } from '@agora/shared-api';

/**
 * Every screen this remote renders, by the id the shell's route table names (under /admin). The one list:
 * the shell reads its ids as a type and tests that it routes to all of them.
 */
export const screens = {
  'admin-layout': () => import('../routes/admin-layout'),
  dashboard: () => import('../dashboard/dashboard-screen'),
  answers: () => import('../posts/answers-screen'),
  flags: () => import('../flags/flags-screen'),
  themes: () => import('../settings/themes-screen'),
  'css-html': () => import('../settings/css-html-screen'),
  general: () => import('../settings/general-screen'),
  interface: () => import('../settings/interface-screen'),
  questions: () => import('../posts/questions-screen'),
  users: () => import('../users/users-screen'),
  'user-detail': () => import('../users/user-detail-screen'),
  smtp: () => import('../settings/smtp-screen'),
  branding: () => import('../settings/branding-screen'),
  legal: () => import('../settings/legal-screen'),
  write: () => import('../settings/write-screen'),
  seo: () => import('../settings/seo-screen'),
  login: () => import('../settings/login-screen'),
  'settings-users': () => import('../settings/users-settings-screen'),
  privileges: () => import('../settings/privileges-screen'),
  'installed-plugins': () => import('../plugins/plugins-screen'),
  badges: () => import('../badges/badges-screen'),
  audit: () => import('../audit/audit-screen'),
} satisfies ScreenList;
