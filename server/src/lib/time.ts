/**
 * A stored time (Unix ms; PostgreSQL's bigint may arrive as a string) as the wire gives times: Unix
 * seconds, 0 for none.
 */
export const seconds = (ms: number | string | null | undefined): number => (ms ? Math.floor(Number(ms) / 1000) : 0);

/** One day in ms (UTC days start at multiples of it). */
export const DAY_MS = 86_400_000;
