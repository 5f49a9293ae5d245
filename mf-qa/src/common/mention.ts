// Mentions in comment text: '@' followed by word characters; up to 5 people whose display name
// or username starts with what follows the '@'. Pure helpers for the mention box.

/** The mention list shows at most 5 people. */
export const MENTION_LIST_MAX = 5;

export interface MentionPerson {
  username: string;
  display_name: string;
  avatar: string;
}

/** What is being typed after an '@' not glued to a word (so `me@example.com` starts no mention). */
const TYPING = /(?:^|[^\p{L}\p{N}_@./-])@([\p{L}\p{N}_.-]{0,50})$/u;

/** The mention being typed just before the caret: where its '@' is and the text after it. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = TYPING.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

function startsWith(person: MentionPerson, query: string): boolean {
  const q = query.toLocaleLowerCase();
  return person.username.toLocaleLowerCase().startsWith(q) || person.display_name.toLocaleLowerCase().startsWith(q);
}

/**
 * The list to offer: people already in the thread first, then the server's matches, each once, never
 * the author themself, at most MENTION_LIST_MAX. Server results are filtered again because they may
 * answer an earlier, shorter query.
 */
export function mentionOptions(
  query: string,
  thread: readonly MentionPerson[],
  found: readonly MentionPerson[],
  self: string | undefined,
): MentionPerson[] {
  const seen = new Set<string>(self ? [self.toLowerCase()] : []);
  const out: MentionPerson[] = [];
  for (const person of [...thread, ...found]) {
    const key = person.username.toLowerCase();
    if (!person.username || seen.has(key) || !startsWith(person, query)) continue;
    seen.add(key);
    out.push(person);
    if (out.length === MENTION_LIST_MAX) break;
  }
  return out;
}

/** The text with the typed `@query` replaced by `@username ` and the caret just after it. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  username: string,
): { text: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const inserted = `@${username} `;
  const after = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, at.start) + inserted + after, caret: at.start + inserted.length };
}

/** The usernames among `names` that the text mentions as `@name` (for mention_username_list). */
export function mentionedNames(text: string, names: Iterable<string>): string[] {
  const out: string[] = [];
  for (const name of new Set(names)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    if (new RegExp(`(?:^|[^\\p{L}\\p{N}_@./-])@${escaped}(?![\\p{L}\\p{N}_-])`, 'iu').test(text)) out.push(name);
  }
  return out;
}
