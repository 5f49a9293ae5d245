import { focusManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './errors';

/** SPEC §9 data-cache defaults. */
export const CACHE = {
  dedupeMs: 2_000,
  focusThrottleMs: 5_000,
  errorRetryMs: 5_000,
  errorRetrySlowMs: 10_000,
  slowLoadingMs: 3_000,
  slowLoadingSlowMs: 5_000,
} as const;

interface NetworkInformationLike {
  effectiveType?: string;
}

/** True on links the browser reports as slow (2G/3G); the SPEC doubles some timings there. */
export function isSlowConnection(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined)
    ?.connection;
  return !!connection?.effectiveType && ['slow-2g', '2g', '3g'].includes(connection.effectiveType);
}

export function errorRetryDelay(): number {
  return isSlowConnection() ? CACHE.errorRetrySlowMs : CACHE.errorRetryMs;
}

export function slowLoadingDelay(): number {
  return isSlowConnection() ? CACHE.slowLoadingSlowMs : CACHE.slowLoadingMs;
}

/** Client errors are answers, not outages: retrying them cannot help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: CACHE.dedupeMs,
    retry: shouldRetry,
    retryDelay: () => errorRetryDelay(),
    refetchOnWindowFocus: true,
  },
  mutations: { retry: false },
};

/**
 * Window focus refetches at most once per focus-throttle interval (SPEC §9), like SWR's
 * focusThrottleInterval. Returns a cleanup function.
 */
export function throttleFocusRefetch(intervalMs: number = CACHE.focusThrottleMs): () => void {
  let last = 0;
  focusManager.setEventListener((setFocused) => {
    const onChange = () => {
      const visible = document.visibilityState !== 'hidden';
      const now = Date.now();
      if (visible && now - last < intervalMs) return;
      if (visible) last = now;
      setFocused(visible);
    };
    window.addEventListener('visibilitychange', onChange, false);
    window.addEventListener('focus', onChange, false);
    return () => {
      window.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
    };
  });
  return () => focusManager.setEventListener(() => undefined);
}

export function createQueryClient(options: ConstructorParameters<typeof QueryClient>[0] = {}): QueryClient {
  return new QueryClient({ ...options, defaultOptions: { ...queryDefaults, ...options.defaultOptions } });
}
