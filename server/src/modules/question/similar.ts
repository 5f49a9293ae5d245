import type { QuestionPage, SimilarQuestion } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { titleMatch } from '../search/match';
import { questionIdOf } from './posts';
import { QuestionRepository, selectTitleCandidates } from './repository';
import { QUESTION_STATUS } from './table';
import { questionPageItems } from './service';
import { urlTitle } from '../../lib/text';
import { requireVisible, type Viewer } from '../visibility/rule';

/** At most this many similar (ask form) or related (detail page) questions. */
export const SIMILAR_LIMIT = 10;
/** Words of a title matched, the longest first. */
const MAX_WORDS = 8;

/** Words that say nothing about a question's subject (English; other languages keep every word). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from how i if in into is it its my no not of on or ' +
    'so that the their there this to use using was what when where which who why will with you your'
  ).split(' '),
);

/** The words of a title a search matches: lower-case letters and digits, 2+ characters, no stop words. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.-]*/gu) ?? [];
  const kept = [...new Set(words.map((w) => w.replace(/[.-]+$/, '')))].filter(
    (w) => [...w].length >= 2 && !STOP_WORDS.has(w),
  );
  return kept.sort((a, b) => b.length - a.length).slice(0, MAX_WORDS);
}

/** A title search: ids of listed open or closed questions, best first. */
export type TitleSearch = (db: Kysely<DB>, title: string, limit: number) => Promise<string[]>;

/** Candidates read from the index, best ranked first, before they are ordered by shared words. */
const CANDIDATES = 50;

/** The index tokens of a text, space-separated with a space at each end (for whole-token lookups). */
function tokenLine(text: string): string {
  const tokens = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter(Boolean);
  return ` ${tokens.join(' ')} `;
}

/**
 * The title search on the full-text index (modules/search, migration 20261123090000_search_index):
 * the title words OR-matched against question titles, the 50 best ranked read, then ordered by how
 * many of the words a title has, then votes, views and the newest. Only listed open or closed
 * questions.
 */
export const indexTitleSearch: TitleSearch = async (db, title, limit) => {
  const words = titleWords(title);
  if (words.length === 0) return [];
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const rows = await selectTitleCandidates(db, titleMatch(words, dialect), CANDIDATES);
  const wanted = words.map((word) => tokenLine(word).trim()).filter(Boolean);
  const shared = (row: { title: string }) => {
    const line = tokenLine(row.title);
    return wanted.filter((tokens) => line.includes(` ${tokens} `)).length;
  };
  return rows
    .map((row) => ({ row, shared: shared(row) }))
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        b.row.vote_count - a.row.vote_count ||
        b.row.view_count - a.row.view_count ||
        Number(b.row.created_at) - Number(a.row.created_at) ||
        (a.row.id < b.row.id ? 1 : -1),
    )
    .slice(0, limit)
    .map(({ row }) => row.id);
};

/** GET question/similar (ask form) and GET question/similar/tag (detail page). */
export class SimilarQuestionService {
  readonly #db: Kysely<DB>;
  readonly #repo: QuestionRepository;
  readonly #search: TitleSearch;

  constructor(db: Kysely<DB>, options: { search?: TitleSearch } = {}) {
    this.#db = db;
    this.#repo = new QuestionRepository(db);
    this.#search = options.search ?? indexTitleSearch;
  }

  /** Questions whose titles share words with `title`, best first, at most 10. */
  async byTitle(title: string): Promise<SimilarQuestion[]> {
    const ids = await this.#search(this.#db, title, SIMILAR_LIMIT);
    if (ids.length === 0) return [];
    const rows = await this.#repo.similarRows(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          title: row.title,
          url_title: urlTitle(row.title),
          view_count: row.view_count,
          answer_count: row.answer_count,
          collection_count: row.collection_count,
          follow_count: row.follow_count,
          status: row.status === QUESTION_STATUS.closed ? 'closed' : 'available',
          accepted_answer: row.accepted_answer_id !== null,
        },
      ];
    });
  }

  /**
   * Questions sharing tags with a question (itself, hidden, deleted and pending ones left out): the
   * most shared tags first, then votes, then the newest; at most 10. 404 when the question does not
   * exist or the viewer may not see it.
   */
  async related(rawId: string, viewer: Viewer): Promise<QuestionPage> {
    const id = questionIdOf(rawId);
    if (!id) throw ApiFailure.notFound('error.question.not_found');
    // A question the viewer may not see answers as a missing one (the visibility rule).
    await requireVisible(this.#db, id, viewer, { types: ['question'] });
    const tagIds = await this.#repo.tagIdsOf(id);
    if (tagIds.length === 0) return { count: 0, list: [] };
    const ids = await this.#repo.sharingTags(id, tagIds, SIMILAR_LIMIT);
    const rows = await this.#repo.rowsByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((qid) => (byId.has(qid) ? [byId.get(qid)!] : []));
    const list = await questionPageItems(this.#repo, ordered, 'active');
    return { count: list.length, list };
  }
}
