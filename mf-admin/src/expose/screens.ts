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
  answers: () => import('../posts/answers-screen'),
  flags: () => import('../flags/flags-screen'),
  themes: later('themes'),
  'css-html': later('css-html'),
  general: later('general'),
  interface: later('interface'),
  questions: () => import('../posts/questions-screen'),
  users: () => import('../users/users-screen'),
  'user-detail': () => import('../users/user-detail-screen'),
  smtp: later('smtp'),
  branding: later('branding'),
  legal: later('legal'),
  write: later('write'),
  seo: later('seo'),
  login: later('login'),
  'settings-users': later('settings-users'),
  privileges: later('privileges'),
  'installed-plugins': () => import('../plugins/plugins-screen'),
} satisfies ScreenList;
