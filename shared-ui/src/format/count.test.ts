import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount (counts display)', () => {
  it('shows numbers under 10 000 whole, with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(9999)).toBe('9,999');
  });

  it('switches to k at exactly 10 000', () => {
    expect(formatCount(10_000)).toBe('10k');
  });

  it('shows thousands with one decimal, truncated, trailing .0 dropped', () => {
    expect(formatCount(10_049)).toBe('10k');
    expect(formatCount(10_099)).toBe('10k');
    expect(formatCount(10_100)).toBe('10.1k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(12_399)).toBe('12.3k');
    expect(formatCount(100_000)).toBe('100k');
    expect(formatCount(543_210)).toBe('543.2k');
  });

  it('never rounds up into the next unit just under 1 million', () => {
    expect(formatCount(999_999)).toBe('999.9k');
  });

  it('switches to m at exactly 1 000 000 with the same decimal rule', () => {
    expect(formatCount(1_000_000)).toBe('1m');
    expect(formatCount(1_099_999)).toBe('1m');
    expect(formatCount(1_250_000)).toBe('1.2m');
    expect(formatCount(12_345_678)).toBe('12.3m');
    expect(formatCount(2_500_000_000)).toBe('2,500m');
  });

  it('keeps the sign of negative counts (scores) and applies the same thresholds to the magnitude', () => {
    expect(formatCount(-5)).toBe('-5');
    expect(formatCount(-9999)).toBe('-9,999');
    expect(formatCount(-12_345)).toBe('-12.3k');
    expect(formatCount(-1_500_000)).toBe('-1.5m');
  });

  it('truncates fractions and shows non-finite input as 0', () => {
    expect(formatCount(12.9)).toBe('12');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('uses the locale for separators (underscore codes accepted), defaulting to en-US', () => {
    expect(formatCount(9999, 'en_US')).toBe('9,999');
    expect(formatCount(9999, 'zh_CN')).toBe('9,999');
    expect(formatCount(9999, 'de-DE')).toBe('9.999');
    expect(formatCount(12_345, 'de_DE')).toBe('12,3k');
    expect(formatCount(9999, 'not a locale!')).toBe('9,999');
  });
});
