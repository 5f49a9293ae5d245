import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { rowidRange, type PostKind, type TextMatch } from './match';
import {
  ANSWER_AVAILABLE,
  QUESTION_CLOSED,
  QUESTION_LISTED,
  QUESTION_OPEN,
  TAG_AVAILABLE,
  TAG_REL_AVAILABLE,
  type Drive,
  type Filters,
  type HitRow,
  type SortRow,
} from './table';

/**
 * Every query of search (the text conditions they use are built in match.ts): the hit statements
 * over the post tables, the FTS5 relevance page, and the reads of what a page of hits shows.
 */
const VISIBLE_QUESTION = [QUESTION_OPEN, QUESTION_CLOSED];

/** The hits of one post table: visible posts matching the text and every filter. */
export function branch(kind: PostKind, match: TextMatch, filters: Filters, drive?: Drive): RawBuilder<unknown> {
  const post = sql.table(kind);
  const where: RawBuilder<unknown>[] = [
    sql`question.status in (${sql.join(VISIBLE_QUESTION)})`,
    sql`question.show = ${QUESTION_LISTED}`,
    ...match.where,
  ];
  if (kind === 'answer') where.push(sql`answer.status = ${ANSWER_AVAILABLE}`);
  for (const family of match.tagged ? [] : filters.tagFamilies) {
    if (drive && 'tagged' in drive && drive.tagged === family) continue; // read from that tag's rows
    where.push(sql`exists (select 1 from tag_rel where tag_rel.object_id = question.id
      and tag_rel.tag_id in (${sql.join(family)}) and tag_rel.status = ${TAG_REL_AVAILABLE})`);
  }
  if (filters.userId !== null) where.push(sql`${post}.user_id = ${filters.userId}`);
  if (filters.score !== null) where.push(sql`${post}.vote_count >= ${filters.score}`);
  if (filters.answers !== null) {
    where.push(
      filters.answers === 0 ? sql`question.answer_count = 0` : sql`question.answer_count >= ${filters.answers}`,
    );
  }
  if ((match.lead || drive) && kind === 'answer') where.push(sql`question.id = answer.question_id`);
  let from =
    kind === 'question'
      ? sql`${match.lead ?? sql``} question`
      : match.lead
        ? sql`${match.lead} answer cross join question`
        : sql`answer inner join question on question.id = answer.question_id`;
  if (drive && 'index' in drive) {
    from = sql`${post} indexed by ${sql.raw(drive.index)}${kind === 'answer' ? sql` cross join question` : sql``}`;
  } else if (drive) {
    where.push(sql`question.id = tagged.object_id`);
    from = sql`(select distinct object_id from tag_rel where tag_id in (${sql.join(drive.tagged)})
      and status = ${TAG_REL_AVAILABLE}) tagged cross join question${
        kind === 'answer' ? sql` cross join answer indexed by answer_search_question` : sql``
      }`;
  }
  const active = kind === 'question' ? sql`question.post_update_time` : sql`answer.updated_at`;
  return sql`select ${sql.lit(kind)} as object_type, ${post}.id as id, question.id as question_id,
    ${match.score} as score, ${post}.created_at as created_at, ${active} as active_at,
    ${post}.vote_count as vote_count
    from ${from} ${match.join ?? sql``} where ${sql.join(where, sql` and `)}`;
}

/** One page of the union of branches in `orderBy`, each row with the count of every hit. */
export async function hitPage(
  db: Kysely<DB>,
  branches: RawBuilder<unknown>[],
  orderBy: string,
  offset: number,
  limit: number,
): Promise<{ rows: HitRow[]; count: number | null }> {
  const hits = sql`(${sql.join(branches, sql` union all `)}) hits`;
  const { rows } = await sql<HitRow & { total: number | string }>`
    select object_type, id, question_id, score, created_at, count(*) over () as total from ${hits}
    order by ${sql.raw(orderBy)} limit ${limit} offset ${offset}`.execute(db);
  return { rows, count: rows.length ? Number(rows[0]!.total) : null };
}

export async function countHits(db: Kysely<DB>, branches: RawBuilder<unknown>[]): Promise<number> {
  const hits = sql`(${sql.join(branches, sql` union all `)}) hits`;
  const total = await sql<{ n: number | string }>`select count(*) as n from ${hits}`.execute(db);
  return Number(total.rows[0]?.n ?? 0);
}

/** The first `limit` hits of one branch in `orderBy`. */
export async function sortedHits(db: Kysely<DB>, hits: RawBuilder<unknown>, orderBy: string, limit: number) {
  const { rows } = await sql<SortRow>`select object_type, id, question_id, score, created_at, active_at, vote_count
    from (${hits}) hits order by ${sql.raw(orderBy)} limit ${limit}`.execute(db);
  return rows;
}

export async function countBranch(db: Kysely<DB>, hits: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${hits}) hits`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite, `score:N` alone: the visible answers with at least N votes, counted from indexes only: the
 * available answers in the range of `answer_search_score`, less those on questions the public cannot
 * see (few; found on `question_search_cover`, their answers on `answer_search_question`). Checking
 * each answer's question instead cost one lookup per answer in the range.
 */
export async function countAnswersByScore(db: Kysely<DB>, score: number): Promise<number> {
  const visible = sql`question.status in (${sql.join(VISIBLE_QUESTION)}) and question.show = ${QUESTION_LISTED}`;
  const { rows } = await sql<{ n: number }>`select (select count(*) from answer indexed by answer_search_score
      where answer.vote_count >= ${score} and answer.status = ${ANSWER_AVAILABLE})
    - (select count(*) from question indexed by question_search_cover
      cross join answer indexed by answer_search_question
      where not (${visible}) and answer.question_id = question.id
      and answer.status = ${ANSWER_AVAILABLE} and answer.vote_count >= ${score}) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The question of each of these answers. */
export async function questionsOfAnswers(db: Kysely<DB>, answerIds: string[]): Promise<Map<string, string>> {
  if (answerIds.length === 0) return new Map();
  const rows = await db.selectFrom('answer').select(['id', 'question_id']).where('id', 'in', answerIds).execute();
  return new Map(rows.map((row) => [row.id, row.question_id]));
}

/** A tag (by slug) and every tag of its family: its main tag, and the main tag's synonyms. */
export async function tagFamily(db: Kysely<DB>, slug: string): Promise<string[] | undefined> {
  const tag = await db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('slug_name', '=', slug)
    .where('status', '=', TAG_AVAILABLE)
    .executeTakeFirst();
  if (!tag) return undefined;
  const main = tag.main_tag_id ?? tag.id;
  const synonyms = await db
    .selectFrom('tag')
    .select('id')
    .where('main_tag_id', '=', main)
    .where('status', '=', TAG_AVAILABLE)
    .execute();
  return [...new Set([tag.id, main, ...synonyms.map((s) => s.id)])];
}

export async function userIdByUsernameKey(db: Kysely<DB>, key: string): Promise<number | undefined> {
  const user = await db.selectFrom('user').select('id').where('username_key', '=', key).executeTakeFirst();
  return user ? Number(user.id) : undefined;
}

export function questionsByIds(db: Kysely<DB>, ids: string[]) {
  return db
    .selectFrom('question')
    .select([
      'id',
      'user_id',
      'title',
      'vote_count',
      'answer_count',
      'accepted_answer_id',
      'status',
      'created_at',
      'parsed_text',
    ])
    .where('id', 'in', ids)
    .execute();
}

export function answersByIds(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('answer')
    .select(['id', 'question_id', 'user_id', 'vote_count', 'adopted', 'created_at', 'parsed_text'])
    .where('id', 'in', ids)
    .execute();
}

/** The available tags of these questions (live links), in the order they were added. */
export function tagsOfQuestions(db: Kysely<DB>, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select([
      'tag_rel.object_id',
      'tag.slug_name',
      'tag.display_name',
      'tag.main_tag_slug_name',
      'tag.recommend',
      'tag.reserved',
    ])
    .where('tag_rel.object_id', 'in', questionIds)
    .where('tag_rel.status', '=', TAG_REL_AVAILABLE)
    .where('tag.status', '=', TAG_AVAILABLE)
    .orderBy('tag_rel.id')
    .execute();
}

export function usersByIds(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user')
    .select(['id', 'username', 'rank', 'display_name', 'status', 'mail_status'])
    .where('id', 'in', ids)
    .execute();
}

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
