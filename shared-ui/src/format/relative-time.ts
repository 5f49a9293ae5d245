import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The default time zone. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** What formatRelativeTime needs from i18next's `t` (react-i18next's t for 'shared-ui' fits). */
export type TranslateFn = (key: string, options: { count?: number; lng?: string }) => string;

export interface FormatTimeOptions {
  /** The current time in milliseconds; default Date.now(). */
  now?: number;
  /** IANA time zone of the reader (site or user setting); default UTC. Unknown zones fall back to UTC. */
  timeZone?: string;
  /** Language whose strings and date patterns to use (en_US, zh_CN); default: t's own language. */
  language?: string;
  /** Translator bound to the 'shared-ui' namespace: it supplies the words and the date patterns. */
  t: TranslateFn;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Clock skew tolerated for times slightly in the future before they are shown as a date. */
const FUTURE_SKEW = MINUTE;

function validTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function inZone(ms: number, timeZone: string): Dayjs {
  return dayjs(ms).tz(timeZone);
}

function translate(t: TranslateFn, key: string, language: string | undefined, count?: number): string {
  const options: { count?: number; lng?: string } = {};
  if (count !== undefined) options.count = count;
  if (language) options.lng = language;
  return t(key, options);
}

/**
 * Relative time, for a unix time in seconds:
 * under 2 s 'now'; under 60 s '{n}s ago'; under 1 h '{n}m ago'; under 1 day '{n}h ago' (all floored);
 * from 1 day on, 'MMM D' when the year is the current one in the reader's time zone, else 'MMM D, YYYY'.
 * Times in the future up to one minute (clock skew) show 'now'; further in the future they show the date.
 */
export function formatRelativeTime(unixSeconds: number, options: FormatTimeOptions): string {
  const { t, language } = options;
  const nowMs = options.now ?? Date.now();
  const timeZone = validTimeZone(options.timeZone);
  const elapsed = Math.floor(nowMs / 1000) - Math.floor(unixSeconds);

  if (elapsed >= -FUTURE_SKEW && elapsed < DAY) {
    if (elapsed < 2) return translate(t, 'dates.now', language);
    if (elapsed < MINUTE) return translate(t, 'dates.x_seconds_ago', language, elapsed);
    if (elapsed < HOUR) return translate(t, 'dates.x_minutes_ago', language, Math.floor(elapsed / MINUTE));
    return translate(t, 'dates.x_hours_ago', language, Math.floor(elapsed / HOUR));
  }

  const time = inZone(unixSeconds * 1000, timeZone);
  const sameYear = time.year() === inZone(nowMs, timeZone).year();
  return time.format(translate(t, sameYear ? 'dates.long_date' : 'dates.long_date_with_year', language));
}

/** The full date and time for titles: 'MMM D, YYYY [at] HH:mm' in the reader's time zone. */
export function formatFullTime(unixSeconds: number, options: Omit<FormatTimeOptions, 'now'>): string {
  const time = inZone(unixSeconds * 1000, validTimeZone(options.timeZone));
  return time.format(translate(options.t, 'dates.long_date_with_time', options.language));
}

/** ISO 8601 (UTC) form for <time dateTime>. */
export function toIsoString(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/**
 * How long until the relative text can change, in ms: used to re-render while it counts seconds,
 * minutes or hours; undefined once it shows a date.
 */
export function relativeTimeRefreshDelay(unixSeconds: number, now: number = Date.now()): number | undefined {
  const elapsed = Math.floor(now / 1000) - Math.floor(unixSeconds);
  if (elapsed < -FUTURE_SKEW || elapsed >= DAY) return undefined;
  if (elapsed < MINUTE) return 1000;
  if (elapsed < HOUR) return 15 * 1000;
  return 60 * 1000;
}
