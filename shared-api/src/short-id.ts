// Short ids (docs/wire-contract.md): the same codec on the server (ids in and out) and in the UI.

/** The 62 digits, in value order. */
export const SHORT_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const BASE = 62;
/** Both parts are written with this added, so the type part always has two digits. */
const OFFSET = 100;
/** `"1" + 3-digit type + 13-digit counter`. */
const LONG_ID = /^1(\d{3})(\d{13})$/;
const SHORT_ID = /^[0-9a-zA-Z]{3,10}$/;
const COUNTER_LIMIT = 10 ** 13;

const VALUE_OF: ReadonlyMap<string, number> = new Map([...SHORT_ID_ALPHABET].map((c, i) => [c, i]));

/** Base 62, least-significant digit first. */
function write(value: number): string {
  let out = '';
  let rest = value;
  do {
    out += SHORT_ID_ALPHABET[rest % BASE];
    rest = Math.floor(rest / BASE);
  } while (rest > 0);
  return out;
}

function read(digits: string): number {
  let value = 0;
  for (let i = digits.length - 1; i >= 0; i--) value = value * BASE + VALUE_OF.get(digits[i]!)!;
  return value;
}

/** Whether `id` is a 17-digit object id (question, answer, comment, tag...). */
export function isLongId(id: string): boolean {
  return LONG_ID.test(id);
}

/** The short form of a 17-digit object id (10010000000000001 → `D1D1`), or null when `id` is not one. */
export function encodeShortId(id: string): string | null {
  const match = LONG_ID.exec(id);
  if (!match) return null;
  return write(Number(match[1]) + OFFSET) + write(Number(match[2]) + OFFSET);
}

/**
 * The 17-digit id a short id stands for (`E1D1` → 10020000000000001), or null when `short` is not
 * the canonical short form of one (wrong characters, too short or long, a part out of range).
 */
export function decodeShortId(short: string): string | null {
  if (!SHORT_ID.test(short)) return null;
  const type = read(short.slice(0, 2)) - OFFSET;
  const counter = read(short.slice(2)) - OFFSET;
  if (type < 0 || type > 999 || counter < 0 || counter >= COUNTER_LIMIT) return null;
  const id = `1${String(type).padStart(3, '0')}${String(counter).padStart(13, '0')}`;
  // One spelling per id: `D1D10` (a trailing zero digit) is not `D1D1`.
  return encodeShortId(id) === short ? id : null;
}

/** An id as it is written out when short ids are on: 17-digit ids short, anything else unchanged. */
export function toShortId(id: string): string {
  return encodeShortId(id) ?? id;
}

/**
 * An id received from a client, in its long form. The server rule: an id that is
 * not numeric, or numerically below 10^16, is read as a short id; what does not decode is returned
 * unchanged (the caller then answers as for any unknown id).
 */
export function fromInputId(id: string): string {
  if (/^\d+$/.test(id) && id.replace(/^0+/, '').length >= 17) return id;
  return decodeShortId(id) ?? id;
}

/** Whether a site's permalink setting (site_seo.permalink) writes ids short: modes 3 and 4. */
export function usesShortIds(permalink: number): boolean {
  return permalink === 3 || permalink === 4;
}
