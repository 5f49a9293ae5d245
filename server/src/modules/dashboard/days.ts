import type { DashboardDay } from '@agora/shared-api/contract';

const DAY_MS = 86_400_000;

/** A formatter of YYYY-MM-DD in `timeZone` (UTC when the name is not a time zone). */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timeZone || 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
  }
}

/** The calendar day `offset` days from `date` (YYYY-MM-DD). */
function shiftDay(date: string, offset: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + offset * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last `days` calendar days in `timeZone` up to the one containing `now` (oldest first), each with
 * how many of the given creation times (Unix ms) fall on it; days without any count 0.
 */
export function dailySeries(
  timeZone: string,
  now: number,
  created: { questions: number[]; answers: number[]; users: number[] },
  days = 30,
): DashboardDay[] {
  const format = dayFormat(timeZone);
  const today = format.format(now);
  const series = Array.from({ length: days }, (_, i) => ({
    date: shiftDay(today, i - days + 1),
    questions: 0,
    answers: 0,
    users: 0,
  }));
  const byDate = new Map(series.map((day) => [day.date, day]));
  for (const key of ['questions', 'answers', 'users'] as const) {
    for (const at of created[key]) {
      const day = byDate.get(format.format(at));
      if (day) day[key] += 1;
    }
  }
  return series;
}

/** How far back the creation times of the series must reach (a day more, for any time zone). */
export function seriesStart(now: number, days = 30): number {
  return now - (days + 1) * DAY_MS;
}
