import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints (min-width, px), the same values antd and Bootstrap use. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

export type BreakpointName = 'xs' | keyof typeof BREAKPOINTS;

const ORDER = ['xxl', 'xl', 'lg', 'md', 'sm'] as const;

function hasMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/** The media query that is true at or above a breakpoint. */
export function minWidthQuery(name: keyof typeof BREAKPOINTS): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}

/** True while the media query matches; `fallback` when there is no window (tests without a stub, SSR). */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  const snapshot = () => (hasMatchMedia() ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, snapshot, () => fallback);
}

function currentBreakpoint(): BreakpointName {
  if (!hasMatchMedia()) return 'lg';
  return ORDER.find((name) => window.matchMedia(minWidthQuery(name)).matches) ?? 'xs';
}

function subscribeAll(notify: () => void): () => void {
  if (!hasMatchMedia()) return () => {};
  const lists = ORDER.map((name) => window.matchMedia(minWidthQuery(name)));
  lists.forEach((list) => list.addEventListener('change', notify));
  return () => lists.forEach((list) => list.removeEventListener('change', notify));
}

export interface BreakpointState {
  /** The widest breakpoint whose min-width the viewport reaches ('xs' below sm). */
  current: BreakpointName;
  /** `true` when the viewport is at least that wide. */
  sm: boolean;
  md: boolean;
  lg: boolean;
  xl: boolean;
  xxl: boolean;
}

/** The viewport's breakpoint, re-rendering when it changes (matchMedia, no resize polling). */
export function useBreakpoint(): BreakpointState {
  const current = useSyncExternalStore(subscribeAll, currentBreakpoint, () => 'lg' as const);
  const rank = current === 'xs' ? 0 : 5 - ORDER.indexOf(current);
  return { current, sm: rank >= 1, md: rank >= 2, lg: rank >= 3, xl: rank >= 4, xxl: rank >= 5 };
}
