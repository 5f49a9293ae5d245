import { highlightTerms, isEmptySearch, parseSearchQuery, type ParsedSearch } from '@agora/shared-api/search-syntax';
import {
  SEARCH_PAGE_SIZE,
  type SearchItem,
  type SearchOrder,
  type SearchQuery,
  type SearchResp,
  type TagResp,
} from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { seconds } from '../../lib/time';
import { apiStatus } from '../accounts/mapping';
import { usernameKey } from '../accounts/normalize';
import { urlTitle } from '../../lib/text';
import { searchExcerpt } from './excerpt';
import { fts5VisibleQuery, planTerms, textMatch, type PostKind } from './match';
import * as repo from './repository';
import { ANSWER_ACCEPTED, QUESTION_CLOSED, type Drive, type Filters, type HitRow, type SortRow } from './table';

const ORDERS: Record<SearchOrder, string> = {
  relevance: 'score desc, created_at desc, id desc',
  newest: 'created_at desc, id desc',
  active: 'active_at desc, id desc',
  score: 'vote_count desc, created_at desc, id desc',
};

const desc = (a: number | string, b: number | string) => Number(b) - Number(a);
const byId = (a: SortRow, b: SortRow) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** ORDERS in JavaScript, for the orders a search without words can have. */
const SORTS: Record<Exclude<SearchOrder, 'relevance'>, (a: SortRow, b: SortRow) => number> = {
  newest: (a, b) => desc(a.created_at, b.created_at) || byId(a, b),
  active: (a, b) => desc(a.active_at, b.active_at) || byId(a, b),
  score: (a, b) => desc(a.vote_count, b.vote_count) || desc(a.created_at, b.created_at) || byId(a, b),
};

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
 * Full-text search of questions and answers (the search syntax of @agora/shared-api/search-syntax) on the indexes of
 * migration 20261123090000_search_index: words and phrases AND-ed through the index (LIKE for CJK and,
 * on MySQL, short and stop words), the operators as filters, only what the public sees (questions
 * open or closed and listed; available answers of those). One statement for the page and its count,
 * then one each for the questions, answers, tags and people on it.
 */
export class SearchService {
  readonly #db: Kysely<DB>;
  readonly #rankWindow: number;

  /** `rankWindow`: see RANK_WINDOW (tests set a small one). */
  constructor(db: Kysely<DB>, options: { rankWindow?: number } = {}) {
    this.#db = db;
    this.#rankWindow = options.rankWindow ?? repo.RANK_WINDOW;
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
      repo.branch(kind, textMatch(plans, kind, dialect, ranked, filters.tagFamilies), filters),
    );
    const orderBy = order === 'relevance' && plans.length === 0 ? ORDERS.newest : ORDERS[order];
    const found = await repo.hitPage(this.#db, branches, orderBy, (page - 1) * size, size);
    const rows = found.rows;
    let count = found.count ?? 0;
    if (rows.length === 0 && page > 1) count = await repo.countHits(this.#db, branches);
    return { count, list: await this.#items(rows, highlightTerms(parsed)) };
  }

  /**
   * SQLite, relevance order, words and phrases with [tag] and user: filters at most: the page and the
   * count straight from the FTS5 index (which holds visibility, author and tags), bm25 order (in two
   * tiers past RANK_WINDOW matches of a kind), no join per match.
   */
  async #fromIndex(query: string, kinds: PostKind[], page: number, size: number, terms: string[]) {
    const { count, hits } = await repo.rankedPage(this.#db, query, kinds, (page - 1) * size, size, this.#rankWindow);
    const answerIds = hits.map((hit) => hit.id).filter((id) => objectTypeOf(id) === 'answer');
    const questionOf = await repo.questionsOfAnswers(this.#db, answerIds);
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
    const none = textMatch([], 'question', 'sqlite3');
    const parts = await Promise.all(
      filters.kinds.map(async (kind) => {
        // A user's posts: their own indexes (user_id, created_at) serve better than any order. A [tag]:
        // its questions (and their answers) first, then sorted: fewer than the posts an order walks.
        const family = filters.tagFamilies[0];
        const drive = (index: string): Drive | undefined =>
          filters.userId !== null ? undefined : family ? { tagged: family } : { index };
        // score:N counts in its range of the covering answer_search_score / question_search_score.
        const counted = filters.score !== null ? `${kind}_search_score` : `${kind}_search_cover`;
        const branch = repo.branch(kind, none, filters, drive(counted));
        const ordered = repo.branch(kind, none, filters, drive(ORDER_INDEXES[kind][key]));
        const [rows, count] = await Promise.all([
          repo.sortedHits(this.#db, ordered, ORDERS[key], page * size),
          kind === 'answer' && filters.score !== null && !family && filters.userId === null
            ? repo.countAnswersByScore(this.#db, filters.score)
            : repo.countBranch(this.#db, branch),
        ]);
        return { rows, count };
      }),
    );
    const rows = parts
      .flatMap((part) => part.rows)
      .sort(SORTS[key])
      .slice((page - 1) * size, page * size);
    return { count: parts.reduce((sum, part) => sum + part.count, 0), list: await this.#items(rows, []) };
  }

  /** Tags to families, user:name to an id; null when a filter cannot match anything. */
  async #filters(parsed: ParsedSearch, viewerId: number | undefined): Promise<Filters | null> {
    const tagFamilies: string[][] = [];
    for (const slug of parsed.tags) {
      const family = await repo.tagFamily(this.#db, slug);
      if (!family) return null;
      tagFamilies.push(family);
    }
    let userId: number | null = null;
    if (parsed.user?.kind === 'me') {
      if (viewerId === undefined) return null;
      userId = viewerId;
    } else if (parsed.user?.kind === 'name') {
      const id = await repo.userIdByUsernameKey(this.#db, usernameKey(parsed.user.username));
      if (id === undefined) return null;
      userId = id;
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

  /** The SearchItems of a page of hits: questions, answers, tags and people read once each. */
  async #items(rows: HitRow[], terms: string[]): Promise<SearchItem[]> {
    if (rows.length === 0) return [];
    const questionIds = [...new Set(rows.map((row) => row.question_id))];
    const answerIds = rows.filter((row) => row.object_type === 'answer').map((row) => row.id);
    const questionHits = new Set(rows.filter((row) => row.object_type === 'question').map((row) => row.id));
    const [questions, answers, tags] = await Promise.all([
      repo.questionsByIds(this.#db, questionIds),
      repo.answersByIds(this.#db, answerIds),
      repo.tagsOfQuestions(this.#db, questionIds),
    ]);
    const questionById = new Map(questions.map((q) => [q.id, q]));
    const answerById = new Map(answers.map((a) => [a.id, a]));
    const userIds = [
      ...new Set([...questions.filter((q) => questionHits.has(q.id)), ...answers].map((p) => p.user_id)),
    ];
    const users = new Map((await repo.usersByIds(this.#db, userIds)).map((user) => [Number(user.id), user]));
    const tagsOf = new Map<string, TagResp[]>();
    for (const tag of tags) {
      const list = tagsOf.get(tag.object_id) ?? [];
      list.push({
        slug_name: tag.slug_name,
        display_name: tag.display_name,
        main_tag_slug_name: tag.main_tag_slug_name,
        recommend: Number(tag.recommend) === 1,
        reserved: Number(tag.reserved) === 1,
      });
      tagsOf.set(tag.object_id, list);
    }
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
            status: question.status === QUESTION_CLOSED ? 'closed' : 'available',
          },
        },
      ];
    });
  }
}
