import { EXCERPT_LIMIT, plainExcerpt } from '../../lib/text';

/** Characters of text kept before the first matched term. */
const LEAD = 60;

/**
 * Plain text of a post's sanitized HTML around the first of `terms` it contains (case-insensitive),
 * at most 240 characters with '...' where text was cut; the start of the text when none is in it.
 */
export function searchExcerpt(html: string, terms: string[], limit = EXCERPT_LIMIT): string {
  const text = plainExcerpt(html, Number.MAX_SAFE_INTEGER);
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  const lower = chars.map((c) => c.toLowerCase());
  let at = -1;
  for (const term of terms) {
    const needle = Array.from(term.toLowerCase());
    if (needle.length === 0) continue;
    for (let i = 0; i + needle.length <= lower.length; i++) {
      if (needle.every((c, j) => lower[i + j] === c)) {
        if (at === -1 || i < at) at = i;
        break;
      }
    }
  }
  let start = at <= LEAD ? 0 : at - LEAD;
  // Start at a word boundary when one is close.
  if (start > 0) {
    const space = chars.slice(start, start + 20).indexOf(' ');
    if (space >= 0) start += space + 1;
  }
  const prefix = start > 0 ? '...' : '';
  const room = limit - prefix.length;
  if (chars.length - start <= room) return prefix + chars.slice(start).join('');
  return `${prefix}${chars
    .slice(start, start + room - 3)
    .join('')
    .trimEnd()}...`;
}
