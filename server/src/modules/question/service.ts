import type {
  QuestionOperationType,
  QuestionOrder,
  QuestionPage,
  QuestionPageItem,
  QuestionPageQuery,
} from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { apiStatus, avatarUrl } from '../accounts/mapping';
import { tagsByQuestion, type OperatorRow } from '../post/list-reads';
import { QuestionRepository, type QuestionListRow } from './repository';
import { plainExcerpt, urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';

export const DEFAULT_ORDER: QuestionOrder = 'active';
/** Absent page / page_size mean 1 and 10 (docs/wire-contract.md). */
export const DEFAULT_PAGE_SIZE = 10;

/** Where question lists come from: the site's database, or nothing at all (no database). */
export interface QuestionSource {
  page(query: QuestionPageQuery): Promise<QuestionPage>;
}

/** A site without a database has no questions. */
export const noQuestions: QuestionSource = {
  async page() {
    return { count: 0, list: [] };
  },
};

const wireId = (id: string | null) => id ?? '0';

interface Operation {
  type: QuestionOperationType;
  at: number;
  userId: number;
}

/**
 * What a list item says happened last (Answer's rule): the newest order, and questions nobody edited
 * or answered, show the asker; otherwise the later of the last edit and the last answer.
 */
export function operationOf(row: QuestionListRow, order: QuestionOrder): Operation {
  const asked: Operation = { type: 'asked', at: row.created_at, userId: row.user_id };
  const answered = row.last_answer_id !== null && row.last_answer_user_id !== null && row.last_answered_at !== null;
  if (order === 'newest' || (row.last_edit_user_id === null && !answered)) return asked;
  let operation = asked;
  if (row.last_edit_user_id !== null)
    operation = { type: 'modified', at: row.updated_at, userId: row.last_edit_user_id };
  if (answered && (operation === asked || seconds(row.last_answered_at!) > seconds(operation.at))) {
    operation = { type: 'answered', at: row.last_answered_at!, userId: row.last_answer_user_id! };
  }
  return operation;
}

/**
 * QuestionPageItems of list rows (their tags and operators read in two statements): every question
 * list that shows list items maps its rows through here.
 */
export async function questionPageItems(
  repo: QuestionRepository,
  rows: QuestionListRow[],
  order: QuestionOrder,
): Promise<QuestionPageItem[]> {
  if (rows.length === 0) return [];
  const operations = rows.map((row) => operationOf(row, order));
  const [tags, users] = await Promise.all([
    repo.tagsOf(rows.map((row) => row.id)),
    repo.users([...new Set(operations.map((op) => op.userId))]),
  ]);
  const tagsOf = tagsByQuestion(tags);
  const usersById = new Map<number, OperatorRow>(users.map((user) => [Number(user.id), user]));

  return rows.map((row, index): QuestionPageItem => {
    const operation = operations[index]!;
    const user = usersById.get(operation.userId);
    return {
      id: row.id,
      created_at: seconds(row.created_at),
      title: row.title,
      url_title: urlTitle(row.title),
      description: plainExcerpt(row.body_prefix),
      pin: row.pin,
      show: row.show,
      status: row.status,
      tags: tagsOf.get(row.id) ?? [],
      view_count: row.view_count,
      unique_view_count: row.unique_view_count,
      vote_count: row.vote_count,
      answer_count: row.answer_count,
      collection_count: row.collection_count,
      follow_count: row.follow_count,
      accepted_answer_id: wireId(row.accepted_answer_id),
      last_answer_id: wireId(row.last_answer_id),
      operated_at: seconds(operation.at),
      operator: user
        ? {
            id: String(user.id),
            username: user.username,
            rank: user.rank,
            display_name: user.display_name,
            status: apiStatus(user),
            avatar: avatarUrl(user.avatar),
          }
        : { id: String(operation.userId), username: '', rank: 0, display_name: '', status: 'deleted', avatar: '' },
      operation_type: operation.type,
    };
  });
}

/** GET question/page on the site's database. */
export class QuestionService implements QuestionSource {
  readonly #repo: QuestionRepository;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#repo = new QuestionRepository(db);
    this.#now = options.now ?? Date.now;
  }

  async page(query: QuestionPageQuery): Promise<QuestionPage> {
    const order = query.order ?? DEFAULT_ORDER;
    const page = query.page ?? 1;
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    let tagIds: string[] | undefined;
    if (query.tag !== undefined && query.tag.trim() !== '') {
      tagIds = await this.#repo.tagFamily(query.tag.trim().toLowerCase());
      if (!tagIds) return { count: 0, list: [] };
    }
    const filter = {
      order,
      tagIds,
      inDays: query.in_days,
      now: this.#now(),
      offset: (page - 1) * size,
      limit: size,
    };
    const [count, rows] = await Promise.all([this.#repo.count(filter), this.#repo.page(filter)]);
    // A page outside a non-empty list is 404.
    if (count > 0 && filter.offset >= count) throw new ApiFailure(404, 'base.request_format_error');
    return { count, list: await questionPageItems(this.#repo, rows, order) };
  }
}
