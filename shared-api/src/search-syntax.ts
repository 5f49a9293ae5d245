import { TAG_SLUG_PATTERN } from './contract/tag-rules';

// Search syntax (docs/product-rules.md, docs/architecture.md). One parser for the server, which builds its
// full-text query (SQLite FTS5, PostgreSQL tsvector, MySQL FULLTEXT) from the result, and for the browser,
// which highlights the matched words and shows the filters it understood.
//
// Rules the callers rely on:
// - The query is NFKC-normalised, stripped of invisible characters and lower-cased before anything else,
//   so operators (`IS:Question`), tags, usernames, words and phrases are all case-insensitive.
// - `words` are runs of letters and digits (\p{L}\p{N}, combining marks kept inside a word). Everything else
//   splits them (`c++` gives `c`, `node.js` gives `node` and `js`), like the databases' tokenizers; use
//   `[c++]` for the tag. A run of CJK characters is one word, and CJK never shares a word with other
//   letters (`react中文` gives `react` and `中文`), so `isCjkWord` tells which words need the LIKE fallback.
//   Words are safe to put in any FTS query without escaping. Stop words are kept (the server drops them).
// - `phrases` are the text between quotes (`"`, `“` or `”`), whitespace collapsed; they never contain a
//   quote character but may contain punctuation, so the server escapes them. An unclosed quote takes the
//   rest of the query. A phrase without any letter or digit is dropped.
// - Nothing the user typed is silently lost: an operator that is not well formed (`answers:abc`, `score:`,
//   `is:foo`, `user:bad!name`, `[Not A Slug!]`) is read as ordinary words. `[]` and a lone `"` give nothing.
// - `user:me` is the signed-in user; `user:"me"` is the user named "me". `user:"name with space"` quotes a
//   username. The last `user:`, `answers:`, `score:` and `is:` win. There is no negation (`-react` is `react`).

/** Free words kept, in order, after duplicates are removed. */
export const SEARCH_MAX_WORDS = 8;
/** Phrases kept, in order, after duplicates are removed. */
export const SEARCH_MAX_PHRASES = 3;
/** Tags kept, in order, after duplicates are removed. */
export const SEARCH_MAX_TAGS = 5;

export type SearchUserFilter = { kind: 'name'; username: string } | { kind: 'me' };

export interface ParsedSearch {
  /** Free words, lower-cased (NFKC), each once, in order; at most SEARCH_MAX_WORDS. */
  words: string[];
  /** "exact phrase" contents, lower-cased, trimmed, each once; at most SEARCH_MAX_PHRASES. */
  phrases: string[];
  /** [tag] slugs, lower-cased, each once; at most SEARCH_MAX_TAGS. */
  tags: string[];
  /** user:name / user:me (the last one wins). */
  user: SearchUserFilter | null;
  /** answers:N: questions with at least N answers; answers:0: questions with none. */
  answers: number | null;
  /** score:N: posts with at least N votes (N may be negative). */
  score: number | null;
  /** is:question / is:answer. */
  is: 'question' | 'answer' | null;
}

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const QUOTES = '"“”';
const SPACE = /\s/u;
const SLUG = new RegExp(TAG_SLUG_PATTERN);
/** Usernames (server accounts/names.ts): a-z, 0-9, space, period, underscore, hyphen; at most 30. */
const USERNAME = /^[a-z0-9 ._-]{1,30}$/;
const OPERATOR = /^(user|answers|score|is):(.*)$/su;
/** At most nine digits: any count a column holds, never a float or an unsafe integer. */
const COUNT = /^\d{1,9}$/;
const SIGNED = /^[+-]?\d{1,9}$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Bopomofo}';
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const SCRIPT_RUN = new RegExp(`[${CJK}]+|[^${CJK}]+`, 'gu');
const CJK_START = new RegExp(`^[${CJK}]`, 'u');

/** True for a word made of CJK characters (databases without a CJK tokenizer search it with LIKE). */
export function isCjkWord(word: string): boolean {
  return CJK_START.test(word);
}

/** The words of normalised text: letter/digit runs, CJK runs apart from the rest. */
function splitWords(text: string): string[] {
  return [...text.matchAll(WORD)].flatMap(([run]) => [...run.matchAll(SCRIPT_RUN)].map(([part]) => part));
}

const normalise = (text: string): string => text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();

/**
 * The words of any text by the free-text rules (no operators, duplicates kept, no cap): for a title the
 * server matches with full-text search, or for the tokens of a phrase (safe in an FTS phrase as they are).
 */
export function searchWords(text: string): string[] {
  return splitWords(normalise(text));
}

/** The text after the quote at `open` up to the next quote (or the end), and where scanning resumes. */
function quoted(text: string, open: number): [content: string, next: number] {
  let close = open + 1;
  while (close < text.length && !QUOTES.includes(text[close]!)) close++;
  return [text.slice(open + 1, close), close + 1];
}

const endsToken = (c: string): boolean => SPACE.test(c) || QUOTES.includes(c) || c === '[';

function firstUnique(items: string[], max: number): string[] {
  return [...new Set(items)].slice(0, max);
}

type Filters = Pick<ParsedSearch, 'user' | 'answers' | 'score' | 'is'>;

/** Applies a well-formed `name:value` operator; false when the value is not valid for it. */
function applyOperator(filters: Filters, name: string, value: string): boolean {
  if (name === 'user' && value === 'me') filters.user = { kind: 'me' };
  else if (name === 'user' && USERNAME.test(value)) filters.user = { kind: 'name', username: value };
  else if (name === 'answers' && COUNT.test(value)) filters.answers = Number(value);
  // `|| 0`: score:-0 is 0, not -0.
  else if (name === 'score' && SIGNED.test(value)) filters.score = Number(value) || 0;
  else if (name === 'is' && (value === 'question' || value === 'answer')) filters.is = value;
  else return false;
  return true;
}

export function parseSearchQuery(q: string): ParsedSearch {
  const text = normalise(q);
  const words: string[] = [];
  const phrases: string[] = [];
  const tags: string[] = [];
  const filters: Filters = { user: null, answers: null, score: null, is: null };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (SPACE.test(c)) {
      i++;
    } else if (QUOTES.includes(c)) {
      const [content, next] = quoted(text, i);
      const phrase = content.trim().replace(/\s+/gu, ' ');
      if (LETTER_OR_DIGIT.test(phrase)) phrases.push(phrase);
      i = next;
    } else if (c === '[') {
      const close = text.indexOf(']', i + 1);
      if (close < 0) {
        i++; // a lone '[' is punctuation
        continue;
      }
      const slug = text.slice(i + 1, close).trim();
      if (SLUG.test(slug)) tags.push(slug);
      else words.push(...splitWords(slug));
      i = close + 1;
    } else {
      let end = i;
      while (end < text.length && !endsToken(text[end]!)) end++;
      const token = text.slice(i, end);
      i = end;
      const [, name = '', value = ''] = OPERATOR.exec(token) ?? [];
      if (name === 'user' && value === '' && QUOTES.includes(text[end] ?? '')) {
        const [content, next] = quoted(text, end);
        const username = content.trim();
        if (USERNAME.test(username)) filters.user = { kind: 'name', username };
        else words.push(name, ...splitWords(content));
        i = next;
      } else if (!(name && applyOperator(filters, name, value))) {
        words.push(...splitWords(token));
      }
    }
  }
  return {
    words: firstUnique(words, SEARCH_MAX_WORDS),
    phrases: firstUnique(phrases, SEARCH_MAX_PHRASES),
    tags: firstUnique(tags, SEARCH_MAX_TAGS),
    ...filters,
  };
}

/** Nothing to search by at all: the server answers with an empty page, the UI with the empty-list message. */
export function isEmptySearch(p: ParsedSearch): boolean {
  return (
    p.words.length === 0 &&
    p.phrases.length === 0 &&
    p.tags.length === 0 &&
    p.user === null &&
    p.answers === null &&
    p.score === null &&
    p.is === null
  );
}

/** What to mark in results: the phrases, then the words, each once. */
export function highlightTerms(p: ParsedSearch): string[] {
  return [...new Set([...p.phrases, ...p.words])];
}

export interface MarkedPart {
  text: string;
  match: boolean;
}

const SYNTAX = /[\\^$.*+?()[\]{}|/]/gu;
/** Not right after a non-CJK letter or digit: a latin term matches at a word start only. */
const WORD_START = `(?<!(?![${CJK}])[\\p{L}\\p{N}\\p{M}])`;
const NEEDS_WORD_START = new RegExp(`^(?![${CJK}])[\\p{L}\\p{N}]`, 'u');

function termPattern(term: string): string {
  const body = term
    .trim()
    .split(/\s+/u)
    .map((piece) => piece.replace(SYNTAX, '\\$&'))
    .join('\\s+');
  return NEEDS_WORD_START.test(term.trim()) ? WORD_START + body : body;
}

/**
 * Splits plain text into parts, `match: true` where a term occurs (case-insensitively; whitespace inside a
 * term matches any whitespace). A term starting with a letter or digit matches only at the start of a word
 * (`act` is not marked in `react`), but may end inside one (`react` is marked in `reactjs`), like the
 * server's prefix search; CJK terms match anywhere. At one position the longest term wins; adjacent matches
 * merge into one part. Text in NFC or NFD matches alike. The parts joined give back `text`; nothing is
 * escaped or turned into HTML (the UI renders matched parts as <mark>). No match gives one unmatched part.
 */
export function markTerms(text: string, terms: string[]): MarkedPart[] {
  const variants = terms.filter((t) => t.trim() !== '').flatMap((t) => [t.normalize('NFC'), t.normalize('NFD')]);
  const sorted = [...new Set(variants)].sort((a, b) => b.length - a.length);
  if (sorted.length === 0 || text === '') return [{ text, match: false }];
  const parts: MarkedPart[] = [];
  const push = (part: string, match: boolean): void => {
    const last = parts[parts.length - 1];
    if (part === '') return;
    if (last && last.match === match) last.text += part;
    else parts.push({ text: part, match });
  };
  let done = 0;
  for (const m of text.matchAll(new RegExp(sorted.map(termPattern).join('|'), 'giu'))) {
    push(text.slice(done, m.index), false);
    push(m[0], true);
    done = m.index + m[0].length;
  }
  push(text.slice(done), false);
  return parts;
}
