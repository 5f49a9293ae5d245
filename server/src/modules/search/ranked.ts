import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { rowidRange, type PostKind } from './match';

/**
 * How many of the newest matches of each post kind are ranked first (SQLite). FTS5 computes bm25 for
 * every row it orders by rank, about a microsecond each: a common word in 40 000 posts cost 45–60 ms
 * a page, against 3–4 ms for its newest 1 000 questions and 1 000 answers. So a search with more
 * matches than this in a kind orders them in two tiers: its newest RANK_WINDOW matches of each kind
 * by relevance, then the older ones by relevance. Searches with fewer matches are ranked exactly.
 */
export const RANK_WINDOW = 1000;

/** A hit of the index: the post's object id and its relevance (higher is better). */
export interface RankedHit {
  id: string;
  score: number;
}

/**
 * One page of an FTS5 `query` over these kinds of posts in relevance order, and the count of every
 * match (SQLite). `window` as RANK_WINDOW above (tests pass a small one).
 */
export async function rankedPage(
  db: Kysely<DB>,
  query: string,
  kinds: PostKind[],
  offset: number,
  size: number,
  window = RANK_WINDOW,
): Promise<{ count: number; hits: RankedHit[] }> {
  const matches = (kind: PostKind) => sql`search_fts match ${query} and ${rowidRange(kind)}`;
  const counts = await Promise.all(
    kinds.map(async (kind) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from search_fts where ${matches(kind)}`.execute(
        db,
      );
      return Number(rows[0]?.n ?? 0);
    }),
  );
  const count = counts.reduce((sum, n) => sum + n, 0);
  const page = (arms: RawBuilder<unknown>[], from: number, limit: number) =>
    arms.length === 0 || limit <= 0
      ? Promise.resolve([])
      : sql<RankedHit>`select cast(post as text) as id, -r as score from (${sql.join(arms, sql` union all `)})
          order by r, post desc limit ${limit} offset ${from}`
          .execute(db)
          .then((result) => result.rows);
  const all = (kind: PostKind) => sql`select rowid as post, rank as r from search_fts where ${matches(kind)}`;
  if (counts.every((n) => n <= window)) return { count, hits: await page(kinds.map(all), offset, size) };

  // Two tiers: the newest `window` matches of each kind, then the rest, each by relevance.
  const newest = (kind: PostKind) =>
    sql`select * from (select rowid as post, rank as r from search_fts where ${matches(kind)}
      order by rowid desc limit ${window})`;
  const older = await Promise.all(
    kinds.map(async (kind, k) => {
      if (counts[k]! <= window) return null;
      const { rows } = await sql<{ cut: string }>`select cast(rowid as text) as cut from search_fts
        where ${matches(kind)} order by rowid desc limit 1 offset ${window - 1}`.execute(db);
      // Rowids beyond 2^53: the cut-off goes back into the SQL as text, compared as an integer.
      return sql`select rowid as post, rank as r from search_fts where ${matches(kind)}
        and rowid < cast(${rows[0]!.cut} as integer)`;
    }),
  );
  const tier = counts.reduce((sum, n) => sum + Math.min(n, window), 0);
  const first = await page(kinds.map(newest), offset, Math.min(size, tier - offset));
  const rest = await page(
    older.filter((arm) => arm !== null),
    Math.max(0, offset - tier),
    size - first.length,
  );
  return { count, hits: [...first, ...rest] };
}
