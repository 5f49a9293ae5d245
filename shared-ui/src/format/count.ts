import { toBcp47 } from './locale';

/**
 * Counts display:
 * - |n| < 10 000: the whole number with thousands separators ('9,999');
 * - |n| < 1 000 000: thousands with 'k', truncated (never rounded up) to one decimal, '.0' dropped
 *   ('10k', '12.3k', '999.9k' for 999 999, so a number never shows as '1000k');
 * - otherwise millions with 'm' by the same rule ('1m', '1.2m', '2,500m').
 * Negative numbers (scores) keep their sign; fractions are truncated; non-finite input shows '0'.
 * `locale` (en_US or en-US style) picks the separators; default en-US.
 */
export function formatCount(n: number, locale?: string): string {
  if (!Number.isFinite(n)) return '0';
  const value = Math.trunc(n);
  const abs = Math.abs(value);
  const numberFormat = new Intl.NumberFormat(toBcp47(locale), { maximumFractionDigits: 1 });
  if (abs < 10_000) return numberFormat.format(value);
  // Integer arithmetic first, so 12 300 stays 12.3 and not 12.299999.
  if (abs < 1_000_000) return `${numberFormat.format(Math.trunc(value / 100) / 10)}k`;
  return `${numberFormat.format(Math.trunc(value / 100_000) / 10)}m`;
}
