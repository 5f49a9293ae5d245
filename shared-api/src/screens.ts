import type { ComponentType, ReactNode } from 'react';
import type { CoreRemote } from './contract/remotes';

/** A screen module: its default export is the page component. */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * A remote's screen list: screen id -> lazy loader. Each core remote declares its list once, in its
 * `src/expose/screens.ts`; the shell reads that list's ids as a type (nothing of the remote is bundled into
 * the shell) and checks in a test that it routes to every one of them.
 */
export type ScreenList = { readonly [id: string]: ScreenLoader };

/** The shape of `<remote>/routes`: the one thing a core remote exposes. */
export interface RemoteRoutes<R extends CoreRemote> {
  readonly remote: R;
  readonly screens: ScreenList;
  /** Wraps every screen of this remote (providers of its own, diagnostics). */
  readonly Root?: ComponentType<{ children: ReactNode }>;
  /** Adds the remote's i18n namespace to the shared i18next instance. */
  readonly registerTranslations?: () => void | Promise<void>;
}

/** The shape of a plugin remote's exposed admin module. */
export type PluginModule = { default: ComponentType };
