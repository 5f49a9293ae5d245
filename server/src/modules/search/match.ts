import { sql, type RawBuilder } from 'kysely';
import type { DatabaseType } from '../../db/config';
import { OBJECT_TYPES } from '../../db/ids';
import { likeEscape } from '../../lib/like';
import { fts5Phrase, mysqlTerm, planTerm, type TermPlan } from './terms';

/** The post table a search branch reads: a question (title and body) or an answer (body). */
export type PostKind = 'question' | 'answer';

/**
 * The text condition of one search branch on one database: a join to the index (SQLite's FTS5 table,
 * MySQL's search_doc), the WHERE conditions and the relevance score (higher is better; 0 without
 * index terms). Every user-given value is a bound parameter.
 */
export interface TextMatch {
  join: RawBuilder<unknown> | null;
  /**
   * SQLite: the FTS5 table put first with CROSS JOIN, so each match looks its post up by id whatever
   * the statistics say (without ANALYZE the planner may otherwise scan posts per match). The post
   * id condition is then in `where`.
   */
  lead: RawBuilder<unknown> | null;
  where: RawBuilder<unknown>[];
  score: RawBuilder<number>;
  /** The [tag] filters are in the MATCH already (SQLite): the search need not test tag links. */
  tagged?: boolean;
}

export interface SearchTerms {
  words: string[];
  phrases: string[];
}

export function planTerms(terms: SearchTerms, dialect: DatabaseType): TermPlan[] {
  return [
    ...terms.words.map((word) => planTerm(word, false, dialect)),
    ...terms.phrases.map((phrase) => planTerm(phrase, true, dialect)),
  ];
}

function likeConditions(plans: TermPlan[], kind: PostKind): RawBuilder<unknown>[] {
  return plans
    .filter((plan) => plan.like)
    .map((plan) => {
      const pattern = `%${likeEscape(plan.text)}%`;
      return kind === 'question'
        ? sql`(lower(question.title) like ${pattern} escape '!' or lower(question.original_text) like ${pattern} escape '!')`
        : sql`lower(answer.original_text) like ${pattern} escape '!'`;
    });
}

/** The FTS5 query of index terms: every one, in the title or the body. */
export function fts5Query(indexed: TermPlan[]): string {
  return `{title body} : (${indexed.map((plan) => fts5Phrase(plan.tokens)).join(' AND ')})`;
}

/**
 * The FTS5 condition of [tag] filters: each family (a tag and its synonyms) one of its t<tag id>
 * tokens in the row's `tags` (migration 20261124090000_search_tags). Ids are digits (checked).
 */
function fts5Tags(tagFamilies: string[][]): string[] {
  return tagFamilies.map(
    (family) =>
      `{tags} : (${family
        .filter((id) => /^\d+$/.test(id))
        .map((id) => `"t${id}"`)
        .join(' OR ')})`,
  );
}

/**
 * The FTS5 query of a search answered from the index alone (every term through the index, no LIKE),
 * visible posts only, with these tags and by this author if any; null when the search needs more.
 */
export function fts5VisibleQuery(
  plans: TermPlan[],
  filters: { tagFamilies: string[][]; userId: number | null },
): string | null {
  if (plans.length === 0 || plans.some((plan) => plan.tokens.length === 0 || plan.like)) return null;
  const parts = [fts5Query(plans), ...fts5Tags(filters.tagFamilies)];
  if (filters.userId !== null) parts.push(`{author} : "u${Math.trunc(filters.userId)}"`);
  return `(${parts.join(' AND ')}) NOT {hidden} : "x"`;
}

/**
 * The FTS5 rowids of one kind of post: its 17-digit object ids, `1` + the 3-digit type + a 13-digit
 * counter (db/ids.ts), so the index reads (and ranks) only the matches of that kind. Constants
 * written into the SQL: they are beyond 2^53, no JS number holds them.
 */
export function rowidRange(kind: PostKind) {
  const type = String(OBJECT_TYPES[kind]).padStart(3, '0');
  return sql.raw(`search_fts.rowid between 1${type}${'0'.repeat(13)} and 1${type}${'9'.repeat(13)}`);
}

/**
 * AND of every word and phrase (words with symbols, CJK text: LIKE as well or instead). The score
 * is only computed when `ranked` (the relevance order); else 0.
 */
export function textMatch(
  plans: TermPlan[],
  kind: PostKind,
  dialect: DatabaseType,
  ranked = true,
  tagFamilies: string[][] = [],
): TextMatch {
  const indexed = plans.filter((plan) => plan.tokens.length > 0);
  const where = likeConditions(plans, kind);
  const post = sql.table(kind);
  const zero = sql<number>`0`;
  if (indexed.length === 0) return { join: null, lead: null, where, score: zero };
  if (dialect === 'sqlite3') {
    const query = [fts5Query(indexed), ...fts5Tags(tagFamilies)].join(' AND ');
    return {
      join: null,
      lead: sql`search_fts cross join`,
      tagged: tagFamilies.length > 0,
      where: [
        sql`${post}.id = cast(search_fts.rowid as text)`,
        sql`search_fts match ${query}`,
        rowidRange(kind),
        ...where,
      ],
      score: ranked ? sql<number>`(-search_fts.rank)` : zero,
    };
  }
  if (dialect === 'postgres') {
    const query = sql.join(
      indexed.map((plan) =>
        plan.phrase ? sql`phraseto_tsquery('simple', ${plan.text})` : sql`plainto_tsquery('simple', ${plan.text})`,
      ),
      sql` && `,
    );
    return {
      join: null,
      lead: null,
      where: [sql`${post}.search_vector @@ (${query})`, ...where],
      score: ranked ? sql<number>`ts_rank_cd(${post}.search_vector, (${query}))` : zero,
    };
  }
  const query = indexed.map((plan) => mysqlTerm(plan.tokens)).join(' ');
  const match = sql`match (search_doc.title, search_doc.body) against (${query} in boolean mode)`;
  return {
    join: sql`inner join search_doc on search_doc.object_id = ${post}.id`,
    lead: null,
    where: [match, ...where],
    score: ranked ? sql<number>`${match}` : zero,
  };
}

/**
 * Title words OR-matched through the index (similar questions of the ask form): the condition and
 * score on `question`. Words the index cannot match (CJK; short ones on MySQL) only count, with
 * LIKE on the title, when no word can go through the index.
 */
export function titleMatch(words: string[], dialect: DatabaseType): TextMatch {
  const plans = words.map((word) => planTerm(word, false, dialect));
  const indexed = plans.filter((plan) => plan.tokens.length > 0);
  const likes = plans
    .filter((plan) => plan.tokens.length === 0)
    .map((plan) => sql`lower(question.title) like ${`%${likeEscape(plan.text)}%`} escape '!'`);
  if (indexed.length === 0) {
    const hits = likes.map((like) => sql`(case when ${like} then 1 else 0 end)`);
    return {
      join: null,
      lead: null,
      where: [sql`(${sql.join(likes, sql` or `)})`],
      score: sql<number>`(${sql.join(hits, sql` + `)})`,
    };
  }
  if (dialect === 'sqlite3') {
    const query = `{title} : (${indexed.map((plan) => fts5Phrase(plan.tokens)).join(' OR ')})`;
    return {
      join: null,
      lead: sql`search_fts cross join`,
      where: [
        sql`question.id = cast(search_fts.rowid as text)`,
        sql`search_fts match ${query}`,
        rowidRange('question'),
      ],
      score: sql<number>`(-search_fts.rank)`,
    };
  }
  if (dialect === 'postgres') {
    const query = sql.join(
      indexed.map((plan) => sql`plainto_tsquery('simple', ${plan.text})`),
      sql` || `,
    );
    const title = sql`ts_filter(question.search_vector, '{a}')`;
    return {
      join: null,
      lead: null,
      where: [sql`question.search_vector @@ (${query})`, sql`${title} @@ (${query})`],
      score: sql<number>`ts_rank_cd(${title}, (${query}))`,
    };
  }
  const query = indexed.map((plan) => `"${plan.tokens.join(' ')}"`).join(' ');
  const match = sql`match (search_doc.title) against (${query} in boolean mode)`;
  return {
    join: sql`inner join search_doc on search_doc.object_id = question.id`,
    lead: null,
    where: [match],
    score: sql<number>`${match}`,
  };
}
