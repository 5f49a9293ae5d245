import { useEffect, type ReactNode } from 'react';

/**
 * Singleton diagnostics: the shell and each remote record the instances they actually use, resolved
 * through their OWN module graph (the caller passes its imports in). If a remote were built without
 * sharing a singleton, its entry would differ from the shell's; the e2e suite checks exactly that.
 */
export interface SingletonRefs {
  apiClient: unknown;
  queryClient: unknown;
  store: unknown;
  i18n: unknown;
  themeContext: unknown;
  /**
   * Loads antd's context object through this app's own module graph. antd is not on the first page, so
   * this is only called by diagnostics (the e2e suite), never during normal rendering.
   */
  loadAntdContext?: () => Promise<unknown>;
}

export interface SingletonSources {
  apiClient: unknown;
  useQueryClient: () => unknown;
  useStore: () => unknown;
  /** The app's own `i18next` default import. */
  i18n: unknown;
  useTheme: () => unknown;
  loadAntdContext?: () => Promise<unknown>;
}

declare global {
  var __AGORA_SINGLETONS__: Record<string, SingletonRefs> | undefined;
}

export function useSingletonReport(app: string, sources: SingletonSources): void {
  const refs: SingletonRefs = {
    apiClient: sources.apiClient,
    queryClient: sources.useQueryClient(),
    store: sources.useStore(),
    i18n: sources.i18n,
    themeContext: sources.useTheme(),
    ...(sources.loadAntdContext ? { loadAntdContext: sources.loadAntdContext } : {}),
  };
  useEffect(() => {
    globalThis.__AGORA_SINGLETONS__ ??= {};
    globalThis.__AGORA_SINGLETONS__[app] = refs;
  });
}

/**
 * A remote's root wrapper that reports its singletons. The caller passes its OWN imports, so a remote
 * built without sharing one of them reports a different instance.
 */
export function createReportingRoot(app: string, sources: SingletonSources) {
  function ReportingRoot({ children }: { children: ReactNode }) {
    useSingletonReport(app, sources);
    return children;
  }
  ReportingRoot.displayName = `ReportingRoot(${app})`;
  return ReportingRoot;
}
