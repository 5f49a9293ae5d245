import type { QuestionOrder } from '@agora/shared-api/contract';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { PostListReads } from '../post/list-reads';
import type { TextMatch } from '../search/match';
import { PIN, QUESTION_STATUS, SHOW } from './table';

const DAY_MS = 86_400_000;
/** The active order only looks at questions asked within 180 days (unless in_days) and active within 90. */
export const ACTIVE_CREATED_DAYS = 180;
export const ACTIVE_UPDATED_DAYS = 90;

/**
 * Characters of parsed_text read per row: enough HTML for a 240-character excerpt of ordinary text
 * (markup-heavy bodies may give a shorter one), never a whole 64 KB body.
 */
const BODY_PREFIX_CHARS = 1500;

export interface QuestionListFilter {
  order: QuestionOrder;
  /** Tag ids a question must carry one of (a tag and its synonyms); undefined = no tag filter. */
  tagIds?: string[];
  inDays?: number;
  /** The present, Unix ms. */
  now: number;
  offset: number;
  limit: number;
}

export interface QuestionListRow {
  id: string;
  user_id: number;
  last_edit_user_id: number | null;
  title: string;
  body_prefix: string;
  pin: number;
  show: number;
  status: number;
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string | null;
  last_answer_id: string | null;
  created_at: number;
  updated_at: number;
  last_answer_user_id: number | null;
  last_answered_at: number | null;
}

/**
 * The active order's age windows (180 days asked unless in_days, 90 days active): the questions
 * they keep, or with `outside` those they leave out.
 */
function activeWindows(
  eb: ExpressionBuilder<DB, 'question'>,
  filter: QuestionListFilter,
  outside = false,
): Expression<SqlBool> {
  const bounds: [`question.${'post_update_time' | 'created_at'}`, number][] = [
    ['question.post_update_time', filter.now - ACTIVE_UPDATED_DAYS * DAY_MS],
  ];
  if (filter.inDays === undefined) bounds.push(['question.created_at', filter.now - ACTIVE_CREATED_DAYS * DAY_MS]);
  return outside
    ? eb.or(bounds.map(([column, from]) => eb(column, '<', from)))
    : eb.and(bounds.map(([column, from]) => eb(column, '>=', from)));
}

/**
 * Which listed questions an order shows: hidden, deleted and pending never; the
 * active order's age windows (180 days asked, 90 days active) leave pinned questions in.
 * `active` picks a part of the active order (the count reads each part through its own index):
 * 'windows' the questions within the windows, 'pinned' the pinned ones outside them.
 */
function listCondition(
  eb: ExpressionBuilder<DB, 'question'>,
  filter: QuestionListFilter,
  active?: 'windows' | 'pinned',
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb('question.show', '=', SHOW.listed)];
  if (filter.order === 'unanswered') {
    parts.push(eb('question.status', '=', QUESTION_STATUS.open), eb('question.answer_count', '=', 0));
  } else {
    parts.push(eb('question.status', 'in', [QUESTION_STATUS.open, QUESTION_STATUS.closed]));
  }
  if (filter.inDays !== undefined) {
    parts.push(eb('question.created_at', '>=', filter.now - filter.inDays * DAY_MS));
  }
  if (filter.order === 'active') {
    // The active order's own age windows never drop a pinned question: it heads every order, whatever
    // its age. An explicit in_days is the caller's filter and applies to pinned questions too.
    if (active === 'windows') parts.push(activeWindows(eb, filter));
    else if (active === 'pinned') parts.push(eb('question.pin', '=', PIN.pinned), activeWindows(eb, filter, true));
    else parts.push(eb.or([eb('question.pin', '=', PIN.pinned), activeWindows(eb, filter)]));
  }
  if (filter.tagIds) {
    const tagIds = filter.tagIds;
    parts.push(
      eb.exists(
        eb
          .selectFrom('tag_rel')
          .select('tag_rel.id')
          .whereRef('tag_rel.object_id', '=', 'question.id')
          .where('tag_rel.tag_id', 'in', tagIds)
          .where('tag_rel.status', '=', 1),
      ),
    );
  }
  return eb.and(parts);
}

/** The columns of a QuestionListRow (the question joined with its last answer as `la`). */
function listColumns() {
  return [
    'question.id',
    'question.user_id',
    'question.last_edit_user_id',
    'question.title',
    sql<string>`substr(question.parsed_text, 1, ${sql.lit(BODY_PREFIX_CHARS)})`.as('body_prefix'),
    'question.pin',
    'question.show',
    'question.status',
    'question.view_count',
    'question.unique_view_count',
    'question.vote_count',
    'question.answer_count',
    'question.collection_count',
    'question.follow_count',
    'question.accepted_answer_id',
    'question.last_answer_id',
    'question.created_at',
    'question.updated_at',
    'la.user_id as last_answer_user_id',
    'la.created_at as last_answered_at',
  ] as const;
}

/** Sort columns after "pinned first" (all descending; the id breaks ties so pages never overlap). */
const ORDER_COLUMNS = {
  newest: ['question.created_at'],
  active: ['question.post_update_time'],
  frequent: ['question.linked_count'],
  score: ['question.vote_count', 'question.view_count'],
  unanswered: ['question.created_at'],
  hot: ['question.hot_score'],
} as const satisfies Record<QuestionOrder, readonly string[]>;

/** Reads for question lists: one statement each for the page and the count (tags and people: PostListReads). */
export class QuestionRepository extends PostListReads {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    super(db);
    this.#db = db;
  }

  /**
   * How many questions the order lists. The active order counts in two parts that do not overlap: the
   * questions within its windows (an index range on show, status and the times, without reading a row)
   * and the few pinned ones outside them; one condition with the pinned OR would read every listed row.
   */
  async count(filter: QuestionListFilter): Promise<number> {
    const parts = filter.order === 'active' ? (['windows', 'pinned'] as const) : ([undefined] as const);
    const counts = await Promise.all(
      parts.map((active) =>
        this.#db
          .selectFrom('question')
          .where((eb) => listCondition(eb, filter, active))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.reduce((sum, row) => sum + Number(row.n), 0);
  }

  async page(filter: QuestionListFilter): Promise<QuestionListRow[]> {
    let query = this.#db
      .selectFrom('question')
      .where((eb) => listCondition(eb, filter))
      .leftJoin('answer as la', 'la.id', 'question.last_answer_id')
      .select(listColumns())
      .orderBy('question.pin', 'desc');
    for (const column of ORDER_COLUMNS[filter.order]) query = query.orderBy(column, 'desc');
    const rows = await query.orderBy('question.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
    return rows.map((row) => ({ ...row, body_prefix: String(row.body_prefix ?? '') }));
  }

  /** List rows of these questions, in no particular order (callers order them). */
  async rowsByIds(ids: string[]): Promise<QuestionListRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db
      .selectFrom('question')
      .leftJoin('answer as la', 'la.id', 'question.last_answer_id')
      .select(listColumns())
      .where('question.id', 'in', ids)
      .execute();
    return rows.map((row) => ({ ...row, body_prefix: String(row.body_prefix ?? '') }));
  }

  /** The columns of similar questions (the ask form's list) of these ids. */
  similarRows(ids: string[]) {
    return this.#db
      .selectFrom('question')
      .select([
        'id',
        'title',
        'view_count',
        'answer_count',
        'collection_count',
        'follow_count',
        'status',
        'accepted_answer_id',
      ])
      .where('id', 'in', ids)
      .execute();
  }

  /** The tags a question carries (listed or hidden links). */
  async tagIdsOf(id: string): Promise<string[]> {
    const rels = await this.#db
      .selectFrom('tag_rel')
      .select('tag_id')
      .where('object_id', '=', id)
      .where('status', 'in', [1, 2])
      .execute();
    return rels.map((rel) => rel.tag_id);
  }

  /**
   * Listed open or closed questions (not `id`) sharing these tags: the most shared tags first, then
   * votes, then the newest.
   */
  async sharingTags(id: string, tagIds: string[], limit: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('tag_rel')
      .innerJoin('question', 'question.id', 'tag_rel.object_id')
      .select('question.id')
      .where('tag_rel.tag_id', 'in', tagIds)
      .where('tag_rel.status', '=', 1)
      .where('question.id', '!=', id)
      .where('question.status', 'in', [QUESTION_STATUS.open, QUESTION_STATUS.closed])
      .where('question.show', '=', SHOW.listed)
      .groupBy(['question.id', 'question.vote_count', 'question.created_at'])
      .orderBy((eb) => eb.fn.count('tag_rel.id'), 'desc')
      .orderBy('question.vote_count', 'desc')
      .orderBy('question.created_at', 'desc')
      .orderBy('question.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}

/** Listed open or closed questions whose titles match (the full-text index's condition), best ranked first. */
export async function selectTitleCandidates(db: Kysely<DB>, match: TextMatch, limit: number) {
  const { rows } = await sql<{
    id: string;
    title: string;
    vote_count: number;
    view_count: number;
    created_at: number | string;
  }>`select question.id, question.title, question.vote_count, question.view_count, question.created_at
    from ${match.lead ?? sql``} question ${match.join ?? sql``}
    where question.status in (${sql.join([QUESTION_STATUS.open, QUESTION_STATUS.closed])})
      and question.show = ${SHOW.listed} and ${sql.join(match.where, sql` and `)}
    order by ${match.score} desc, question.created_at desc, question.id desc
    limit ${limit}`.execute(db);
  return rows;
}
