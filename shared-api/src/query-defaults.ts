import {
  focusManager,
  QueryClient,
  type DefaultedQueryObserverOptions,
  type DefaultError,
  type DefaultOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { isApiError } from './errors';

/** Data-cache defaults. */
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

/** True on links the browser reports as slow (2G/3G); some timings are doubled there. */
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
 * Window focus refetches at most once per focus-throttle interval (docs/product-rules.md), like SWR's
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

/**
 * The error retry (every 5 s, at most three times) is for refetches of data already on screen,
 * where a flaky read should not take away what the visitor is reading. The first load of a query is never
 * retried: its page shows the failure at once (the 50X page, or a time-out with a retry) instead of keeping
 * a skeleton through a minute of retries. Queries that set their own `retry` keep it.
 */
class AppQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.retry !== shouldRetry) return defaulted;
    const cache = this.getQueryCache();
    const { queryHash } = defaulted;
    // Asked at each failure: whether the query has data by then, not when it was set up.
    const retry = (failureCount: number, error: TError) =>
      cache.get(queryHash)?.state.data !== undefined && shouldRetry(failureCount, error);
    return { ...defaulted, retry };
  }
}

export function createQueryClient(options: ConstructorParameters<typeof QueryClient>[0] = {}): QueryClient {
  return new AppQueryClient({ ...options, defaultOptions: { ...queryDefaults, ...options.defaultOptions } });
}
