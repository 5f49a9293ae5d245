import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { CACHE, createQueryClient, shouldRetry } from './query-defaults';

const http = (status: number) => new ApiError({ kind: 'http', status, reason: 'x', message: 'x' });

describe('react-query defaults (SPEC §9)', () => {
  it('uses the SPEC timings', () => {
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
