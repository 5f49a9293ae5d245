import { highlightTerms, isEmptySearch, parseSearchQuery, type ParsedSearch } from '@agora/shared-api/search-syntax';
import {
  SEARCH_PAGE_SIZE,
  type SearchItem,
  type SearchOrder,
  type SearchQuery,
  type SearchResp,
} from '@agora/shared-api/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { seconds } from '../../lib/time';
import { apiStatus } from '../accounts/mapping';
import { usernameKey } from '../accounts/normalize';
import { QUESTION_STATUS, SHOW } from '../post/table';
import { PostListReads, tagsByQuestion } from '../post/list-reads';
import { urlTitle } from '../../lib/text';
import { searchExcerpt } from './excerpt';
import { fts5VisibleQuery, planTerms, textMatch, type PostKind } from './match';
import { RANK_WINDOW, rankedPage } from './ranked';

const ANSWER_AVAILABLE = 1;
const ANSWER_ACCEPTED = 2;
const TAG_REL_AVAILABLE = 1;

/** A hit of the page query (one row per matched post). */
interface HitRow {
  object_type: PostKind;
  id: string;
  question_id: string;
  score: number | string;
}

/** The filters of a parsed query resolved to ids; null when nothing can match. */
interface Filters {
  tagFamilies: string[][];
  userId: number | null;
  answers: number | null;
  score: number | null;
  kinds: PostKind[];
}

const ORDERS: Record<SearchOrder, string> = {
  relevance: 'score desc, created_at desc, id desc',
  newest: 'created_at desc, id desc',
  active: 'active_at desc, id desc',
  score: 'vote_count desc, created_at desc, id desc',
};

/** A hit with its sort keys (the operator-only search merges the pages of both tables). */
interface SortRow extends HitRow {
  created_at: number | string;
  active_at: number | string;
  vote_count: number | string;
}

const desc = (a: number | string, b: number | string) => Number(b) - Number(a);
const byId = (a: SortRow, b: SortRow) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** ORDERS in JavaScript, for the orders a search without words can have. */
const SORTS: Record<Exclude<SearchOrder, 'relevance'>, (a: SortRow, b: SortRow) => number> = {
  newest: (a, b) => desc(a.created_at, b.created_at) || byId(a, b),
  active: (a, b) => desc(a.active_at, b.active_at) || byId(a, b),
  score: (a, b) => desc(a.vote_count, b.vote_count) || desc(a.created_at, b.created_at) || byId(a, b),
};

/** How a search without words reads a post table (SQLite): along an index, or from a tag's questions. */
type Drive = { index: string } | { tagged: string[] };

/**
 * The index a search without words pages a table in: questions read (and sort) their covering
 * index, a few MB (active), or walk `question_search_newest | score`; answers, twice as many, walk an
 * index in the order.
 */
const ORDER_INDEXES: Record<PostKind, Record<keyof typeof SORTS, string>> = {
  question: { newest: 'question_search_newest', active: 'question_search_cover', score: 'question_search_score' },
  answer: { newest: 'answer_search_newest', active: 'answer_search_active', score: 'answer_search_score' },
};

const EMPTY: SearchResp = { count: 0, list: [] };

/**
 * Full-text search of questions and answers (answer-api.md §2.8, §7 search syntax) on the indexes of
 * migration 20261123090000_search_index: words and phrases AND-ed through the index (LIKE for CJK and,
 * on MySQL, short and stop words), the operators as filters, only what the public sees (questions
 * open or closed and listed; available answers of those). One statement for the page and its count,
 * then one each for the questions, answers, tags and people on it.
 */
export class SearchService {
  readonly #db: Kysely<DB>;
  readonly #repo: PostListReads;

  readonly #rankWindow: number;

  /** `rankWindow`: see RANK_WINDOW (tests set a small one). */
  constructor(db: Kysely<DB>, options: { rankWindow?: number } = {}) {
    this.#db = db;
    this.#repo = new PostListReads(db);
    this.#rankWindow = options.rankWindow ?? RANK_WINDOW;
  }

  /** One page of hits for `query`; `viewerId` resolves user:me (anonymous: no hits). */
  async search(query: SearchQuery, viewerId: number | undefined): Promise<SearchResp> {
    const parsed = parseSearchQuery(query.q);
    if (isEmptySearch(parsed)) return EMPTY;
    const filters = await this.#filters(parsed, viewerId);
    if (!filters) return EMPTY;
    const order = query.order ?? 'relevance';
    const page = query.page ?? 1;
    const size = query.size ?? SEARCH_PAGE_SIZE;
    const dialect = dialectOf(this.#db as unknown as Kysely<unknown>);
    const plans = planTerms(parsed, dialect);
    const fast =
      dialect === 'sqlite3' && order === 'relevance' && filters.score === null && filters.answers === null
        ? fts5VisibleQuery(plans, filters)
        : null;
    if (fast) return this.#fromIndex(fast, filters.kinds, page, size, highlightTerms(parsed));
    if (dialect === 'sqlite3' && plans.length === 0) return this.#filtersOnly(filters, order, page, size);
    const ranked = order === 'relevance';
    const branches = filters.kinds.map((kind) =>
      this.#branch(kind, textMatch(plans, kind, dialect, ranked, filters.tagFamilies), filters),
    );
    const hits = sql`(${sql.join(branches, sql` union all `)}) hits`;
    const orderBy = sql.raw(order === 'relevance' && plans.length === 0 ? ORDERS.newest : ORDERS[order]);
    const { rows } = await sql<HitRow & { total: number | string }>`
      select object_type, id, question_id, score, created_at, count(*) over () as total from ${hits}
      order by ${orderBy} limit ${size} offset ${(page - 1) * size}`.execute(this.#db);
    let count = rows.length ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && page > 1) {
      const total = await sql<{ n: number | string }>`select count(*) as n from ${hits}`.execute(this.#db);
      count = Number(total.rows[0]?.n ?? 0);
    }
    return { count, list: await this.#items(rows, highlightTerms(parsed)) };
  }

  /**
   * SQLite, relevance order, words and phrases with [tag] and user: filters at most: the page and the
   * count straight from the FTS5 index (which holds visibility, author and tags), bm25 order (in two
   * tiers past RANK_WINDOW matches of a kind), no join per match.
   */
  async #fromIndex(query: string, kinds: PostKind[], page: number, size: number, terms: string[]) {
    const { count, hits } = await rankedPage(this.#db, query, kinds, (page - 1) * size, size, this.#rankWindow);
    const answerIds = hits.map((hit) => hit.id).filter((id) => objectTypeOf(id) === 'answer');
    const questionOf = new Map(
      answerIds.length
        ? (
            await this.#db.selectFrom('answer').select(['id', 'question_id']).where('id', 'in', answerIds).execute()
          ).map((row) => [row.id, row.question_id])
        : [],
    );
    const rows = hits.map((hit): HitRow =>
      objectTypeOf(hit.id) === 'answer'
        ? { object_type: 'answer', id: hit.id, question_id: questionOf.get(hit.id) ?? '', score: hit.score }
        : { object_type: 'question', id: hit.id, question_id: hit.id, score: hit.score },
    );
    return { count, list: await this.#items(rows, terms) };
  }

  /**
   * SQLite, no words (operators only): each post table paged on its own in the order of an index
   * (migration 20261123090000: created_at, post_update_time / updated_at, vote_count), the pages merged
   * here, and an exact count per table. One statement over both tables with `count(*) over ()` had to
   * read and sort every matching post first.
   */
  async #filtersOnly(filters: Filters, order: SearchOrder, page: number, size: number): Promise<SearchResp> {
    const key = order === 'relevance' ? 'newest' : order;
    const none = { join: null, lead: null, where: [], score: sql<number>`0` };
    const parts = await Promise.all(
      filters.kinds.map(async (kind) => {
        // A user's posts: their own indexes (user_id, created_at) serve better than any order. A [tag]:
        // its questions (and their answers) first, then sorted: fewer than the posts an order walks.
        const family = filters.tagFamilies[0];
        const drive = (index: string): Drive | undefined =>
          filters.userId !== null ? undefined : family ? { tagged: family } : { index };
        // score:N counts in its range of the covering answer_search_score / question_search_score.
        const counted = filters.score !== null ? `${kind}_search_score` : `${kind}_search_cover`;
        const branch = this.#branch(kind, none, filters, drive(counted));
        const ordered = this.#branch(kind, none, filters, drive(ORDER_INDEXES[kind][key]));
        const [{ rows }, { rows: total }] = await Promise.all([
          sql<SortRow>`select object_type, id, question_id, score, created_at, active_at, vote_count
            from (${ordered}) hits order by ${sql.raw(ORDERS[key])} limit ${page * size}`.execute(this.#db),
          kind === 'answer' && filters.score !== null && !family && filters.userId === null
            ? sql<{ n: number }>`${this.#answerScoreCount(filters.score)}`.execute(this.#db)
            : sql<{ n: number }>`select count(*) as n from (${branch}) hits`.execute(this.#db),
        ]);
        return { rows, count: Number(total[0]?.n ?? 0) };
      }),
    );
    const rows = parts
      .flatMap((part) => part.rows)
      .sort(SORTS[key])
      .slice((page - 1) * size, page * size);
    return { count: parts.reduce((sum, part) => sum + part.count, 0), list: await this.#items(rows, []) };
  }

  /**
   * SQLite, `score:N` alone: the visible answers with at least N votes, counted from indexes only: the
   * available answers in the range of `answer_search_score`, less those on questions the public cannot
   * see (few; found on `question_search_cover`, their answers on `answer_search_question`). Checking
   * each answer's question instead cost one lookup per answer in the range.
   */
  #answerScoreCount(score: number): RawBuilder<unknown> {
    const visible = sql`question.status in (${sql.join([QUESTION_STATUS.open, QUESTION_STATUS.closed])})
      and question.show = ${SHOW.listed}`;
    return sql`select (select count(*) from answer indexed by answer_search_score
        where answer.vote_count >= ${score} and answer.status = ${ANSWER_AVAILABLE})
      - (select count(*) from question indexed by question_search_cover
        cross join answer indexed by answer_search_question
        where not (${visible}) and answer.question_id = question.id
        and answer.status = ${ANSWER_AVAILABLE} and answer.vote_count >= ${score}) as n`;
  }

  /** Tags to families, user:name to an id; null when a filter cannot match anything. */
  async #filters(parsed: ParsedSearch, viewerId: number | undefined): Promise<Filters | null> {
    const tagFamilies: string[][] = [];
    for (const slug of parsed.tags) {
      const family = await this.#repo.tagFamily(slug);
      if (!family) return null;
      tagFamilies.push(family);
    }
    let userId: number | null = null;
    if (parsed.user?.kind === 'me') {
      if (viewerId === undefined) return null;
      userId = viewerId;
    } else if (parsed.user?.kind === 'name') {
      const user = await this.#db
        .selectFrom('user')
        .select('id')
        .where('username_key', '=', usernameKey(parsed.user.username))
        .executeTakeFirst();
      if (!user) return null;
      userId = Number(user.id);
    }
    // answers:N is about questions only.
    const kinds: PostKind[] =
      parsed.is === 'question' || parsed.answers !== null
        ? ['question']
        : parsed.is === 'answer'
          ? ['answer']
          : ['question', 'answer'];
    if (parsed.is === 'answer' && parsed.answers !== null) return null;
    return { tagFamilies, userId, answers: parsed.answers, score: parsed.score, kinds };
  }

  /** The hits of one post table: visible posts matching the text and every filter. */
  #branch(kind: PostKind, match: ReturnType<typeof textMatch>, filters: Filters, drive?: Drive): RawBuilder<unknown> {
    const post = sql.table(kind);
    const where: RawBuilder<unknown>[] = [
      sql`question.status in (${sql.join([QUESTION_STATUS.open, QUESTION_STATUS.closed])})`,
      sql`question.show = ${SHOW.listed}`,
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

  /** The SearchItems of a page of hits: questions, answers, tags and people read once each. */
  async #items(rows: HitRow[], terms: string[]): Promise<SearchItem[]> {
    if (rows.length === 0) return [];
    const questionIds = [...new Set(rows.map((row) => row.question_id))];
    const answerIds = rows.filter((row) => row.object_type === 'answer').map((row) => row.id);
    const questionHits = new Set(rows.filter((row) => row.object_type === 'question').map((row) => row.id));
    const [questions, answers, tags] = await Promise.all([
      this.#db
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
        .where('id', 'in', questionIds)
        .execute(),
      answerIds.length
        ? this.#db
            .selectFrom('answer')
            .select(['id', 'question_id', 'user_id', 'vote_count', 'adopted', 'created_at', 'parsed_text'])
            .where('id', 'in', answerIds)
            .execute()
        : Promise.resolve([]),
      this.#repo.tagsOf(questionIds),
    ]);
    const questionById = new Map(questions.map((q) => [q.id, q]));
    const answerById = new Map(answers.map((a) => [a.id, a]));
    const userIds = [
      ...new Set([...questions.filter((q) => questionHits.has(q.id)), ...answers].map((p) => p.user_id)),
    ];
    const users = new Map((await this.#repo.users(userIds)).map((user) => [Number(user.id), user]));
    const tagsOf = tagsByQuestion(tags);
    return rows.flatMap((row): SearchItem[] => {
      const question = questionById.get(row.question_id);
      const post = row.object_type === 'answer' ? answerById.get(row.id) : question;
      if (!question || !post) return [];
      const user = users.get(Number(post.user_id));
      return [
        {
          object_type: row.object_type,
          object: {
            id: post.id,
            question_id: question.id,
            title: question.title,
            url_title: urlTitle(question.title),
            excerpt: searchExcerpt(String(post.parsed_text ?? ''), terms),
            created_at: seconds(Number(post.created_at)),
            vote_count: post.vote_count,
            accepted:
              row.object_type === 'answer'
                ? (post as { adopted: number }).adopted === ANSWER_ACCEPTED
                : question.accepted_answer_id !== null,
            answer_count: question.answer_count,
            user_info: user
              ? {
                  id: String(user.id),
                  username: user.username,
                  display_name: user.display_name,
                  rank: user.rank,
                  status: apiStatus(user),
                }
              : { id: String(post.user_id), username: '', display_name: '', rank: 0, status: 'deleted' },
            tags: tagsOf.get(question.id) ?? [],
            status: question.status === QUESTION_STATUS.closed ? 'closed' : 'available',
          },
        },
      ];
    });
  }
}
