import type { ScreenList, ScreenLoader } from '@agora/shared-api';

/** A screen whose capability comes later: an honest 'not available yet' panel, never fake content. */
const later =
  (id: string): ScreenLoader =>
  () =>
    import('../routes/placeholder').then((m) => m.placeholder(id));

/**
 * Every screen this remote renders: its id (what the shell's route table names) and its lazy loader (each
 * screen is its own chunk, with antd's forms where it has any). The one list: the shell reads its ids as a
 * type and tests that it routes to all of them.
 */
export const screens = {
  // Accounts (auth/): sign-in, sign-up, activation, recovery, e-mail change, suspension.
  login: () => import('../auth/login/login-screen'),
  register: () => import('../auth/register/register-screen'),
  'account-recovery': () => import('../auth/recovery/account-recovery-screen'),
  'change-email': () => import('../auth/change-email/change-email-screen'),
  'password-reset': () => import('../auth/password-reset/password-reset-screen'),
  'account-activation': () => import('../auth/activation/account-activation-screen'),
  'activation-success': () => import('../auth/activation/activation-success-screen'),
  'activation-failed': () => import('../auth/activation/activation-failed-screen'),
  'confirm-new-email': () => import('../auth/change-email/confirm-new-email-screen'),
  'account-suspended': () => import('../auth/suspended/account-suspended-screen'),
  'confirm-email': later('confirm-email'),
  'auth-landing': later('auth-landing'),
  'user-center-auth': later('user-center-auth'),
  'user-center-auth-failed': later('user-center-auth-failed'),
  // People (people/): the users list, profiles, badges, settings, legal pages, unsubscribe.
  'user-list': () => import('../people/users/user-list-screen'),
  profile: () => import('../people/profile/profile-screen'),
  settings: () => import('../people/settings/settings-screen'),
  notifications: () => import('../notifications/notifications-screen'),
  badges: () => import('../people/badges/badges-screen'),
  badge: () => import('../people/badges/badge-screen'),
  tos: () => import('../people/legal/tos-screen'),
  privacy: () => import('../people/legal/privacy-screen'),
  unsubscribe: () => import('../people/unsubscribe/unsubscribe-screen'),
} satisfies ScreenList;
