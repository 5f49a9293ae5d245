// Pure formatting of the dashboard's figures (unit-tested).

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in human units (1024 steps), one decimal above bytes: 0 B, 512 B, 1.5 KB, 2.3 GB. */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language.replace('_', '-'), {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** Whole days, hours and minutes in a span of seconds. */
export function splitDuration(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/** Whether `remote` is a later version than `current` (dotted numbers; a leading v and suffixes ignored). */
export function isNewerVersion(remote: string, current: string): boolean {
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const [a, b] = [parts(remote), parts(current)];
  for (let i = 0; i < 3; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
