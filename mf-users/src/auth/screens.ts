import type { ScreenLoader } from '@agora/shared-api';

/**
 * The account screens (sign-in, sign-up, activation, recovery, e-mail change, suspension). Each entry
 * replaces the placeholder of that screen id in expose/routes.tsx. Translations: ./i18n, under `auth`.
 * Each screen is its own lazily loaded chunk (with antd's forms).
 */
export const authScreens: Partial<Record<string, ScreenLoader>> = {
  login: () => import('./login/login-screen'),
  register: () => import('./register/register-screen'),
  'account-recovery': () => import('./recovery/account-recovery-screen'),
  'password-reset': () => import('./password-reset/password-reset-screen'),
  'account-activation': () => import('./activation/account-activation-screen'),
  'activation-success': () => import('./activation/activation-success-screen'),
  'activation-failed': () => import('./activation/activation-failed-screen'),
  'change-email': () => import('./change-email/change-email-screen'),
  'confirm-new-email': () => import('./change-email/confirm-new-email-screen'),
  'account-suspended': () => import('./suspended/account-suspended-screen'),
};
