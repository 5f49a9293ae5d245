import type { ComponentType, ReactNode } from 'react';
import type { CoreRemote } from './contract/remotes';

/**
 * Every screen a core remote renders, by remote. The shell's router maps SPEC routes to these ids;
 * a remote's `./routes` module must provide a loader for each of its ids (checked by the type below).
 */
export const SCREENS = {
  mf_qa: [
    'question-list',
    'question-ask',
    'question-edit',
    'answer-edit',
    'question-detail',
    'search',
    'tag-list',
    'tag-create',
    'tag-page',
    'tag-info',
    'tag-edit',
    'timeline',
  ],
  mf_users: [
    'login',
    'register',
    'account-recovery',
    'change-email',
    'password-reset',
    'account-activation',
    'activation-success',
    'activation-failed',
    'confirm-new-email',
    'account-suspended',
    'confirm-email',
    'auth-landing',
    'user-center-auth',
    'user-center-auth-failed',
    'user-list',
    'profile',
    'settings',
    'notifications',
    'tos',
    'privacy',
    'unsubscribe',
  ],
  mf_review: ['review'],
  mf_admin: [
    'admin-layout',
    'dashboard',
    'answers',
    'flags',
    'themes',
    'css-html',
    'general',
    'interface',
    'questions',
    'users',
    'user-detail',
    'smtp',
    'branding',
    'legal',
    'write',
    'seo',
    'login',
    'settings-users',
    'privileges',
    'installed-plugins',
  ],
  mf_install: ['install'],
} as const satisfies Record<CoreRemote, readonly string[]>;

export type ScreenId<R extends CoreRemote> = (typeof SCREENS)[R][number];

/** A screen module: its default export is the page component. */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/** The shape of `<remote>/routes`: the one thing a core remote exposes. */
export interface RemoteRoutes<R extends CoreRemote> {
  readonly remote: R;
  readonly screens: { readonly [K in ScreenId<R>]: ScreenLoader };
  /** Wraps every screen of this remote (providers of its own, diagnostics). */
  readonly Root?: ComponentType<{ children: ReactNode }>;
  /** Adds the remote's i18n namespace to the shared i18next instance. */
  readonly registerTranslations?: () => void | Promise<void>;
}

/** The shape of a plugin remote's exposed admin module. */
export type PluginModule = { default: ComponentType };
