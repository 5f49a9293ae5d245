/** Plain-text excerpts and URL titles of posts (lists, search results, tags, revisions). */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z0-9]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
    return ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

export const EXCERPT_LIMIT = 240;

/**
 * The visible text of sanitized HTML, whitespace collapsed, cut to `limit` characters (code points)
 * with '...' when it was longer. A tag cut off at the end of a truncated input is dropped too.
 */
export function plainExcerpt(html: string, limit = EXCERPT_LIMIT): string {
  const text = decodeEntities(html.replace(/<[^>]*(>|$)/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= limit) return text;
  const chars = Array.from(text.slice(0, limit * 2));
  if (chars.length <= limit && text.length <= limit * 2) return text;
  return `${chars
    .slice(0, limit - 3)
    .join('')
    .trimEnd()}...`;
}

const URL_TITLE_BYTES = 150;

/**
 * The title as a URL segment (a post's url_title, docs/wire-contract.md): letters and digits of any script, lower
 * case, joined by '-', URL-escaped and cut to 150 bytes at a character boundary; 'topic' when
 * nothing is left. (Answer also transliterates Chinese to pinyin; this keeps the characters.)
 */
export function urlTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let out = '';
  for (const char of [...words.join('-')]) {
    const piece = encodeURIComponent(char);
    if (out.length + piece.length > URL_TITLE_BYTES) break;
    out += piece;
  }
  out = out.replace(/-+$/, '');
  return out || 'topic';
}
