import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { createTestI18n } from '../test/render';
import {
  formatFullTime,
  formatRelativeTime,
  relativeTimeRefreshDelay,
  toIsoString,
  type TranslateFn,
} from './relative-time';

let i18n: I18n;
let t: TranslateFn;

beforeAll(() => {
  i18n = createTestI18n('en_US');
  t = i18n.getFixedT(null, 'shared-ui');
});

/** 2024-06-15T12:00:00Z */
const NOW_S = Date.UTC(2024, 5, 15, 12, 0, 0) / 1000;
const NOW_MS = NOW_S * 1000;
const ago = (seconds: number) => formatRelativeTime(NOW_S - seconds, { now: NOW_MS, t });

describe('formatRelativeTime', () => {
  it("shows 'now' under 2 seconds", () => {
    expect(ago(0)).toBe('now');
    expect(ago(1)).toBe('now');
  });

  it('counts seconds from exactly 2 s up to 59 s', () => {
    expect(ago(2)).toBe('2s ago');
    expect(ago(30)).toBe('30s ago');
    expect(ago(59)).toBe('59s ago');
  });

  it('counts whole minutes from exactly 60 s up to just under 1 h', () => {
    expect(ago(60)).toBe('1m ago');
    expect(ago(119)).toBe('1m ago');
    expect(ago(120)).toBe('2m ago');
    expect(ago(3599)).toBe('59m ago');
  });

  it('counts whole hours from exactly 1 h up to just under 1 day', () => {
    expect(ago(3600)).toBe('1h ago');
    expect(ago(7199)).toBe('1h ago');
    expect(ago(86_399)).toBe('23h ago');
  });

  it("shows the long date 'MMM D' from exactly 1 day when the year is the current one", () => {
    expect(ago(86_400)).toBe('Jun 14');
    expect(formatRelativeTime(Date.UTC(2024, 0, 1, 0, 0, 0) / 1000, { now: NOW_MS, t })).toBe('Jan 1');
  });

  it("shows 'MMM D, YYYY' for an earlier year", () => {
    expect(formatRelativeTime(Date.UTC(2023, 11, 31, 23, 59, 59) / 1000, { now: NOW_MS, t })).toBe('Dec 31, 2023');
    expect(formatRelativeTime(Date.UTC(2019, 2, 5) / 1000, { now: NOW_MS, t })).toBe('Mar 5, 2019');
  });

  it('ignores sub-second parts of now and of the time', () => {
    expect(formatRelativeTime(NOW_S - 2, { now: NOW_MS + 999, t })).toBe('2s ago');
    expect(formatRelativeTime(NOW_S - 1.5, { now: NOW_MS, t })).toBe('2s ago');
  });

  describe('future times', () => {
    it("shows 'now' for up to one minute of clock skew", () => {
      expect(ago(-1)).toBe('now');
      expect(ago(-60)).toBe('now');
    });

    it('shows the date when further in the future', () => {
      expect(ago(-61)).toBe('Jun 15');
      expect(formatRelativeTime(Date.UTC(2025, 0, 2) / 1000, { now: NOW_MS, t })).toBe('Jan 2, 2025');
    });
  });

  describe("in the reader's time zone", () => {
    // 2025-01-01T02:00 in Shanghai is still 2024-12-31T18:00 in UTC.
    const newYearInShanghai = Date.UTC(2024, 11, 31, 18, 0, 0);
    // 2024-12-30T12:00Z: 30 hours earlier; 20:00 on Dec 30 in Shanghai.
    const time = Date.UTC(2024, 11, 30, 12, 0, 0) / 1000;

    it('uses UTC by default: same year', () => {
      expect(formatRelativeTime(time, { now: newYearInShanghai, t })).toBe('Dec 30');
    });

    it('compares years in the given zone: across its new year the date carries the year', () => {
      expect(formatRelativeTime(time, { now: newYearInShanghai, t, timeZone: 'Asia/Shanghai' })).toBe('Dec 30, 2024');
    });

    it('shows the calendar day of the given zone', () => {
      // 2024-03-10T23:30Z is already March 11 in Shanghai and still March 10 in New York.
      const lateUtc = Date.UTC(2024, 2, 10, 23, 30) / 1000;
      expect(formatRelativeTime(lateUtc, { now: NOW_MS, t, timeZone: 'Asia/Shanghai' })).toBe('Mar 11');
      expect(formatRelativeTime(lateUtc, { now: NOW_MS, t, timeZone: 'America/New_York' })).toBe('Mar 10');
    });

    it('falls back to UTC for an unknown zone', () => {
      expect(formatRelativeTime(time, { now: newYearInShanghai, t, timeZone: 'Mars/Olympus' })).toBe('Dec 30');
    });
  });

  it('uses the requested language for words and date patterns', () => {
    expect(formatRelativeTime(NOW_S, { now: NOW_MS, t, language: 'zh_CN' })).toBe('刚刚');
    expect(formatRelativeTime(NOW_S - 30, { now: NOW_MS, t, language: 'zh_CN' })).toBe('30 秒前');
    expect(formatRelativeTime(NOW_S - 600, { now: NOW_MS, t, language: 'zh_CN' })).toBe('10 分钟前');
    expect(formatRelativeTime(NOW_S - 7200, { now: NOW_MS, t, language: 'zh_CN' })).toBe('2 小时前');
    expect(formatRelativeTime(NOW_S - 86_400, { now: NOW_MS, t, language: 'zh_CN' })).toBe('6月14日');
    expect(formatRelativeTime(Date.UTC(2023, 0, 9) / 1000, { now: NOW_MS, t, language: 'zh_CN' })).toBe('2023年1月9日');
  });
});

describe('formatFullTime', () => {
  it("formats 'MMM D, YYYY [at] HH:mm' in UTC by default", () => {
    expect(formatFullTime(Date.UTC(2024, 0, 5, 14, 3, 59) / 1000, { t })).toBe('Jan 5, 2024 at 14:03');
  });

  it('follows the time zone, including the date change', () => {
    expect(formatFullTime(Date.UTC(2024, 0, 5, 20, 3) / 1000, { t, timeZone: 'Asia/Shanghai' })).toBe(
      'Jan 6, 2024 at 04:03',
    );
  });

  it('uses the language pattern', () => {
    expect(formatFullTime(Date.UTC(2024, 0, 5, 9, 7) / 1000, { t, language: 'zh_CN' })).toBe('2024年1月5日 09:07');
  });
});

describe('toIsoString', () => {
  it('gives the UTC ISO form for <time dateTime>', () => {
    expect(toIsoString(NOW_S)).toBe('2024-06-15T12:00:00.000Z');
  });
});

describe('relativeTimeRefreshDelay', () => {
  it('ticks every second while in seconds, less often for minutes and hours, never for dates', () => {
    expect(relativeTimeRefreshDelay(NOW_S - 5, NOW_MS)).toBe(1000);
    expect(relativeTimeRefreshDelay(NOW_S - 120, NOW_MS)).toBe(15_000);
    expect(relativeTimeRefreshDelay(NOW_S - 7200, NOW_MS)).toBe(60_000);
    expect(relativeTimeRefreshDelay(NOW_S - 86_400, NOW_MS)).toBeUndefined();
    expect(relativeTimeRefreshDelay(NOW_S + 3600, NOW_MS)).toBeUndefined();
  });
});
