import { describe, expect, it } from 'vitest';
import { formatBytes, isNewerVersion, splitDuration } from './format';

describe('dashboard formatting', () => {
  it('gives sizes in human units', () => {
    expect(formatBytes(0, 'en_US')).toBe('0 B');
    expect(formatBytes(1023, 'en_US')).toBe('1,023 B');
    expect(formatBytes(1536, 'en_US')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3, 'en_US')).toBe('5 GB');
    expect(formatBytes(3 * 1024 ** 5, 'en_US')).toBe('3,072 TB');
  });

  it('splits a span into days, hours and minutes', () => {
    expect(splitDuration(90_061)).toEqual({ days: 1, hours: 1, minutes: 1 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('compares versions', () => {
    expect(isNewerVersion('1.10.0', '1.9.3')).toBe(true);
    expect(isNewerVersion('v2.0.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('1.4.0', '1.4.0')).toBe(false);
    expect(isNewerVersion('1.3.9', '1.4.0')).toBe(false);
  });
});
