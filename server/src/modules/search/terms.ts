import { isCjkWord, searchWords } from '@agora/shared-api/search-syntax';
import type { DatabaseType } from '../../db/config';

/**
 * How each searched word or phrase is matched on a database: through the full-text index (as the
 * index's tokens) and/or with LIKE on the raw text. The tokens only ever hold letters and digits, so
 * no user input reaches FTS query syntax; LIKE patterns are escaped by the caller.
 */
export interface TermPlan {
  /** The word or phrase as searched (lower case). */
  text: string;
  /** Its index tokens, in order (matched as one phrase); empty = not through the index. */
  tokens: string[];
  /** Also (or only) a substring match of `text`. */
  like: boolean;
  /** An "exact phrase" (else a free word). */
  phrase: boolean;
}

/** The token separators of FTS5's unicode61 (tokens are letters, numbers and private-use characters). */
const SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u;

/** InnoDB's default full-text stop words (innodb_ft_default_stopword): never in a MySQL index. */
const INNODB_STOP_WORDS = new Set(
  (
    'a about an are as at be by com de en for from how i in is it la of on or that the this to was what ' +
    'when where who will with und www'
  ).split(' '),
);
/** innodb_ft_min_token_size / innodb_ft_max_token_size defaults (characters). */
const MYSQL_MIN_TOKEN = 3;
const MYSQL_MAX_TOKEN = 84;

function indexable(token: string, dialect: DatabaseType): boolean {
  if (dialect !== 'mysql') return true;
  const length = [...token].length;
  return length >= MYSQL_MIN_TOKEN && length <= MYSQL_MAX_TOKEN && !INNODB_STOP_WORDS.has(token);
}

/**
 * The plan of a free word or an exact phrase. A word with characters the index drops (`c++`,
 * `node.js`) goes through the index by its letters and is checked with LIKE for the exact spelling;
 * a phrase is matched by its tokens in order. CJK text (written without spaces: SQLite's unicode61,
 * PostgreSQL's parser and MySQL's keep a whole run as one token, so a word inside one is not found),
 * and on MySQL short words and stop words, are matched with LIKE only.
 */
export function planTerm(text: string, phrase: boolean, dialect: DatabaseType): TermPlan {
  const tokens = text
    .toLowerCase()
    .split(SEPARATORS)
    .filter((t) => t !== '');
  if (tokens.length === 0 || searchWords(text).some(isCjkWord) || !tokens.every((t) => indexable(t, dialect))) {
    return { text, tokens: [], like: true, phrase };
  }
  return { text, tokens, like: !phrase && tokens.join(' ') !== text, phrase };
}

/** An FTS5 phrase of index tokens (letters and digits only; quotes doubled all the same). */
export function fts5Phrase(tokens: string[]): string {
  return `"${tokens.join(' ').replace(/"/g, '""')}"`;
}

/** A MySQL boolean-mode term of index tokens: required, as a phrase. */
export function mysqlTerm(tokens: string[]): string {
  return `+"${tokens.join(' ').replace(/"/g, '')}"`;
}
