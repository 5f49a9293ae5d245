import { sanitizePostHtml } from '../../lib/markdown';

/**
 * Mentions in comments (docs/product-rules.md): `@name` of an existing user becomes a link to `/u/{name}`;
 * unknown names stay text. Usernames are lower-case `a-z 0-9 . _ -` (accounts/names.ts), so the
 * link is built only from a known username and nothing the author typed reaches an attribute.
 */

/** `@name` not glued to a word (so `me@example.com` is no mention). */
const MENTION = /(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9._-]{1,50})/g;
/** How many distinct names one text may look up. */
const MAX_NAMES = 50;

/** The candidate usernames (lower case) a text mentions, with and without trailing dots. */
export function mentionCandidates(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = match[2]!.toLowerCase();
    names.add(name);
    const trimmed = name.replace(/[.]+$/, '');
    if (trimmed) names.add(trimmed);
    if (names.size >= MAX_NAMES) break;
  }
  return [...names];
}

/** Longest known prefix of a mentioned name that ends before trailing dots (`@bob.` -> `bob`). */
function knownName(raw: string, known: ReadonlySet<string>): string | null {
  const name = raw.toLowerCase();
  if (known.has(name)) return name;
  const trimmed = name.replace(/[.]+$/, '');
  return trimmed && known.has(trimmed) ? trimmed : null;
}

const SKIP = new Set(['a', 'code', 'pre']);

/**
 * Links the known `@name`s in the text of sanitized HTML (not inside links or code), then sanitizes
 * again (links get the member-content rel). `known` holds lower-case usernames; the names linked are
 * added to `linked` when given.
 */
export function linkMentions(html: string, known: ReadonlySet<string>, linked?: Set<string>): string {
  if (known.size === 0) return html;
  let skipDepth = 0;
  const parts = html.split(/(<[^>]*>)/);
  const out = parts.map((part) => {
    if (part.startsWith('<')) {
      const tag = /^<\/?([a-z0-9]+)/i.exec(part)?.[1]?.toLowerCase();
      if (tag && SKIP.has(tag)) skipDepth = Math.max(0, skipDepth + (part.startsWith('</') ? -1 : 1));
      return part;
    }
    if (skipDepth > 0) return part;
    return part.replace(MENTION, (whole, before: string, raw: string) => {
      const name = knownName(raw, known);
      if (!name) return whole;
      linked?.add(name);
      const rest = raw.slice(name.length);
      return `${before}<a href="/u/${name}">@${name}</a>${rest}`;
    });
  });
  return sanitizePostHtml(out.join(''));
}
