import { describe, expect, it } from 'vitest';
import { coalescing, type IdSource } from '../../src/db/id-source';

/** A counter source that answers after a tick and records every statement it was asked for. */
function fakeSource(failOnCall?: number) {
  let value = 0;
  const calls: number[] = [];
  const source: IdSource = {
    async take(_name, count) {
      calls.push(count);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (calls.length === failOnCall) throw new Error('connection lost');
      return (value += count);
    },
  };
  return { source, calls };
}

describe('coalescing id requests', () => {
  it('serves a burst with a few statements, each caller getting its own consecutive values', async () => {
    const { source, calls } = fakeSource();
    const ids = coalescing(source);
    const counts = Array.from({ length: 100 }, (_, i) => 1 + (i % 3));
    const lasts = await Promise.all(counts.map((count) => ids.take('activity', count)));
    expect(calls.length).toBeLessThanOrEqual(2);
    const values = lasts.flatMap((last, i) => Array.from({ length: counts[i]! }, (_, k) => last - k));
    expect(new Set(values).size).toBe(values.length);
    expect(Math.max(...values)).toBe(counts.reduce((a, b) => a + b, 0));
    // Asked in order, served in order.
    expect([...lasts].sort((a, b) => a - b)).toEqual(lasts);
  });

  it('fails only the callers of a statement that failed; the next ones are served', async () => {
    const { source } = fakeSource(1);
    const ids = coalescing(source);
    const first = ids.take('activity', 1);
    await expect(first).rejects.toThrow('connection lost');
    await expect(ids.take('activity', 1)).resolves.toBe(1);
  });
});
