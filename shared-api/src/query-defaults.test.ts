import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { CACHE, createQueryClient, shouldRetry } from './query-defaults';

const http = (status: number) => new ApiError({ kind: 'http', status, reason: 'x', message: 'x' });

describe('react-query defaults', () => {
  it('uses the product timings', () => {
    expect(CACHE).toMatchObject({ dedupeMs: 2000, focusThrottleMs: 5000, errorRetryMs: 5000, slowLoadingMs: 3000 });
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(2000);
    expect(typeof defaults?.retryDelay === 'function' && defaults.retryDelay(1, http(500))).toBe(5000);
  });

  it('retries server and network failures but never client errors', () => {
    expect(shouldRetry(0, http(500))).toBe(true);
    expect(shouldRetry(0, new ApiError({ kind: 'network', status: 0, reason: 'x', message: 'x' }))).toBe(true);
    expect(shouldRetry(3, http(503))).toBe(false);
    for (const status of [400, 401, 403, 404]) expect(shouldRetry(0, http(status))).toBe(false);
  });
});

describe('error retry is for refetches, not for first loads', () => {
  const serverError = () => http(502);

  it('a first load that fails is not retried: the failure is known at once', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(serverError()));
    const started = Date.now();
    await expect(client.fetchQuery({ queryKey: ['first'], queryFn })).rejects.toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a refetch of data already shown is retried every 5 s', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      client.setQueryData(['shown'], 'data on screen');
      const queryFn = vi.fn(() => Promise.reject(serverError()));
      const refetch = client
        .fetchQuery({ queryKey: ['shown'], queryFn, staleTime: 0 })
        .catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(queryFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(queryFn).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(queryFn).toHaveBeenCalledTimes(4); // three retries, then the failure stands
      expect(await refetch).toBeInstanceOf(ApiError);
      expect(client.getQueryData(['shown'])).toBe('data on screen');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a query that sets its own retry keeps it', async () => {
    const client = createQueryClient();
    client.setQueryData(['own'], 'x');
    const queryFn = vi.fn(() => Promise.reject(serverError()));
    await expect(client.fetchQuery({ queryKey: ['own'], queryFn, staleTime: 0, retry: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
