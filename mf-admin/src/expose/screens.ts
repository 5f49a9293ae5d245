import type { ScreenList, ScreenLoader } from '@agora/shared-api';

/** A screen whose capability comes later: an honest 'not available yet' panel, never fake content. */
const later =
  (id: string): ScreenLoader =>
  () =>
    import('../routes/placeholder').then((m) => m.placeholder(id));

/**
 * Every screen this remote renders, by the id the shell's route table names (under /admin). The one list:
 * the shell reads its ids as a type and tests that it routes to all of them.
 */
export const screens = {
  'admin-layout': () => import('../routes/admin-layout'),
  dashboard: () => import('../dashboard/dashboard-screen'),
  answers: later('answers'),
  flags: later('flags'),
  themes: () => import('../settings/themes-screen'),
  'css-html': () => import('../settings/css-html-screen'),
  general: () => import('../settings/general-screen'),
  interface: () => import('../settings/interface-screen'),
  questions: later('questions'),
  users: later('users'),
  'user-detail': later('user-detail'),
  smtp: () => import('../settings/smtp-screen'),
  branding: () => import('../settings/branding-screen'),
  legal: () => import('../settings/legal-screen'),
  write: () => import('../settings/write-screen'),
  seo: () => import('../settings/seo-screen'),
  login: () => import('../settings/login-screen'),
  'settings-users': () => import('../settings/users-settings-screen'),
  privileges: () => import('../settings/privileges-screen'),
  'installed-plugins': later('installed-plugins'),
} satisfies ScreenList;
