import type { QuestionOrder, TagResp } from '@agora/shared-api/contract';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';

/** question.status / pin / show values (answer-api.md §3). */
export const QUESTION_STATUS = { open: 1, closed: 2, deleted: 10, pending: 11 } as const;
export const PIN = { unpinned: 1, pinned: 2 } as const;
export const SHOW = { listed: 1, unlisted: 2 } as const;

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

export interface TagOfQuestion {
  object_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: number;
  reserved: number;
}

/** The tags of each question as posts show them (TagResp), in the order tagsOf read them. */
export function tagsByQuestion(tags: TagOfQuestion[]): Map<string, TagResp[]> {
  const byQuestion = new Map<string, TagResp[]>();
  for (const tag of tags) {
    const list = byQuestion.get(tag.object_id) ?? [];
    list.push({
      slug_name: tag.slug_name,
      display_name: tag.display_name,
      main_tag_slug_name: tag.main_tag_slug_name,
      recommend: tag.recommend === 1,
      reserved: tag.reserved === 1,
    });
    byQuestion.set(tag.object_id, list);
  }
  return byQuestion;
}

export interface OperatorRow {
  id: number;
  username: string;
  rank: number;
  display_name: string;
  status: number;
  mail_status: number;
  avatar: string;
}

/**
 * Which listed questions an order shows: hidden, deleted and pending never; the
 * active order's age windows (180 days asked, 90 days active) leave pinned questions in.
 */
function listCondition(eb: ExpressionBuilder<DB, 'question'>, filter: QuestionListFilter): Expression<SqlBool> {
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
    const recent: Expression<SqlBool>[] = [
      eb('question.post_update_time', '>=', filter.now - ACTIVE_UPDATED_DAYS * DAY_MS),
    ];
    if (filter.inDays === undefined) {
      recent.push(eb('question.created_at', '>=', filter.now - ACTIVE_CREATED_DAYS * DAY_MS));
    }
    parts.push(eb.or([eb('question.pin', '=', PIN.pinned), eb.and(recent)]));
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

/** Reads for question lists: one statement each for the page, the count, the tags and the people. */
export class QuestionRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** A tag (by slug) and every tag of its family: its main tag, and the main tag's synonyms. */
  async tagFamily(slug: string): Promise<string[] | undefined> {
    const tag = await this.#db
      .selectFrom('tag')
      .select(['id', 'main_tag_id'])
      .where('slug_name', '=', slug)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!tag) return undefined;
    const main = tag.main_tag_id ?? tag.id;
    const synonyms = await this.#db
      .selectFrom('tag')
      .select('id')
      .where('main_tag_id', '=', main)
      .where('status', '=', 1)
      .execute();
    return [...new Set([tag.id, main, ...synonyms.map((s) => s.id)])];
  }

  async count(filter: QuestionListFilter): Promise<number> {
    const row = await this.#db
      .selectFrom('question')
      .where((eb) => listCondition(eb, filter))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
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

  /** The available tags of these questions, in the order they were attached. */
  async tagsOf(questionIds: string[]): Promise<TagOfQuestion[]> {
    if (questionIds.length === 0) return [];
    return this.#db
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
      .where('tag_rel.status', '=', 1)
      .where('tag.status', '=', 1)
      .orderBy('tag_rel.id')
      .execute();
  }

  async users(ids: number[]): Promise<OperatorRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('user')
      .select(['id', 'username', 'rank', 'display_name', 'status', 'mail_status', 'avatar'])
      .where('id', 'in', ids)
      .execute();
  }
}
