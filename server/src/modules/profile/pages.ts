import type {
  CollectionItem,
  CollectionPage,
  OwnPageQuery,
  PersonalOrder,
  PersonalPageQuery,
  QaTop,
  TagResp,
  UserAnswer,
  UserCommentPage,
  UserQuestion,
  UserRankItem,
  UserRankPage,
  UserVotePage,
} from '@agora/shared-api/contract';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { sanitizeMemberHtml } from '../../lib/markdown';
import { seconds } from '../../lib/time';
import { plainExcerpt, urlTitle } from '../../lib/text';
import type { AvatarSettings } from './avatar';
import { isStaff, LIST_USER_COLUMNS, toUserBasicInfo, VOTE_KEYS, type ProfileService, type Viewer } from './service';

/** answer-api.md §1.2: absent page / page_size mean 1 and 10. */
const DEFAULT_PAGE_SIZE = 10;
const TOP_LIMIT = 5;
const EXCERPT_CHARS = 1500;
/** Translates a reason key (request.t). */
export type Translate = (key: string) => string;

const wireId = (id: string | null | undefined) => id ?? '0';

function paging(query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { offset: (page - 1) * size, limit: size };
}

/**
 * Which questions a viewer may see (answer-api.md §4.3, §7): staff every question that is not
 * deleted; the author also their own pending and unlisted ones; everyone else open or closed,
 * listed questions only. Deleted questions never appear in member pages.
 */
function questionVisible(
  eb: ExpressionBuilder<DB, 'question'>,
  viewer: Viewer | null,
  alias: 'question' = 'question',
): Expression<SqlBool> {
  const status = eb.ref(`${alias}.status`);
  if (isStaff(viewer)) return eb(status, 'in', [1, 2, 11]);
  const open = eb.and([eb(status, 'in', [1, 2]), eb(eb.ref(`${alias}.show`), '=', 1)]);
  if (!viewer) return open;
  return eb.or([open, eb.and([eb(status, 'in', [1, 2, 11]), eb(eb.ref(`${alias}.user_id`), '=', viewer.userId)])]);
}

/** Available posts, and for their author (or staff) pending ones too. */
function postVisible(status: number, authorId: number, viewer: Viewer | null): boolean {
  if (status === 1) return true;
  return status === 11 && !!viewer && (isStaff(viewer) || viewer.userId === authorId);
}

function questionRowVisible(
  q: { status: number; show: number; user_id: number } | undefined,
  viewer: Viewer | null,
): boolean {
  if (!q) return false;
  if (isStaff(viewer)) return q.status !== 10;
  if ((q.status === 1 || q.status === 2) && q.show === 1) return true;
  return !!viewer && viewer.userId === q.user_id && q.status !== 10;
}

const QUESTION_ORDER: Record<
  PersonalOrder,
  Array<'created_at' | 'post_update_time' | 'hot_score' | 'vote_count' | 'view_count'>
> = {
  newest: ['created_at'],
  active: ['post_update_time'],
  hot: ['hot_score'],
  score: ['vote_count', 'view_count'],
  unanswered: ['created_at'],
};

/** Member pages (answer-api.md §2.3–§2.6, §2.14) over the site's database. */
export class PersonalPages {
  readonly #profile: ProfileService;

  constructor(profile: ProfileService) {
    this.#profile = profile;
  }

  get #db() {
    return this.#profile.db;
  }

  async #owner(username: string): Promise<number> {
    const user = await this.#profile.findByUsername(username);
    if (!user) throw ApiFailure.notFound('error.user.not_found');
    return Number(user.id);
  }

  async tagsOf(questionIds: string[]): Promise<Map<string, TagResp[]>> {
    const out = new Map<string, TagResp[]>();
    if (questionIds.length === 0) return out;
    const rows = await this.#db
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
      .where('tag_rel.object_id', 'in', [...new Set(questionIds)])
      .where('tag_rel.status', 'in', [1, 2])
      .where('tag.status', '=', 1)
      .orderBy('tag_rel.id')
      .execute();
    for (const tag of rows) {
      const list = out.get(tag.object_id) ?? [];
      list.push({
        slug_name: tag.slug_name,
        display_name: tag.display_name,
        main_tag_slug_name: tag.main_tag_slug_name,
        recommend: Number(tag.recommend) === 1,
        reserved: Number(tag.reserved) === 1,
      });
      out.set(tag.object_id, list);
    }
    return out;
  }

  #questionQuery(ownerId: number, viewer: Viewer | null, order: PersonalOrder) {
    let query = this.#db
      .selectFrom('question')
      .where('question.user_id', '=', ownerId)
      .where((eb) => questionVisible(eb, viewer));
    if (order === 'unanswered') query = query.where('question.status', '=', 1).where('question.answer_count', '=', 0);
    return query;
  }

  async #questions(ownerId: number, viewer: Viewer | null, order: PersonalOrder, offset: number, limit: number) {
    let query = this.#questionQuery(ownerId, viewer, order).select([
      'question.id',
      'question.title',
      'question.vote_count',
      'question.view_count',
      'question.answer_count',
      'question.collection_count',
      'question.created_at',
      'question.accepted_answer_id',
      'question.status',
      'question.show',
    ]);
    for (const column of QUESTION_ORDER[order]) query = query.orderBy(`question.${column}`, 'desc');
    const rows = await query.orderBy('question.id', 'desc').limit(limit).offset(offset).execute();
    const tags = await this.tagsOf(rows.map((r) => r.id));
    return rows.map((row): UserQuestion => ({
      question_id: row.id,
      title: row.title,
      url_title: urlTitle(row.title),
      vote_count: Number(row.vote_count),
      tags: tags.get(row.id) ?? [],
      view_count: Number(row.view_count),
      answer_count: Number(row.answer_count),
      collection_count: Number(row.collection_count),
      created_at: seconds(row.created_at),
      accepted_answer_id: wireId(row.accepted_answer_id),
      status: Number(row.status),
      show: Number(row.show),
    }));
  }

  /** GET personal/question/page. */
  async questionPage(query: PersonalPageQuery, viewer: Viewer | null) {
    const ownerId = await this.#owner(query.username);
    const order = query.order ?? 'newest';
    const { offset, limit } = paging(query);
    const counted = await this.#questionQuery(ownerId, viewer, order)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const list = await this.#questions(ownerId, viewer, order, offset, limit);
    return { count: Number(counted.n), list };
  }

  #answerQuery(ownerId: number, viewer: Viewer | null) {
    const own = viewer?.userId === ownerId || isStaff(viewer);
    return this.#db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .where('answer.user_id', '=', ownerId)
      .where('answer.status', 'in', own ? [1, 11] : [1])
      .where((eb) => questionVisible(eb, viewer));
  }

  async #answers(ownerId: number, viewer: Viewer | null, order: PersonalOrder, offset: number, limit: number) {
    let query = this.#answerQuery(ownerId, viewer).select([
      'answer.id',
      'answer.question_id',
      'answer.adopted',
      'answer.vote_count',
      'answer.created_at',
      'answer.updated_at',
      'question.title',
    ]);
    if (order === 'score') query = query.orderBy('answer.vote_count', 'desc');
    if (order === 'active') query = query.orderBy('answer.updated_at', 'desc');
    const rows = await query
      .orderBy('answer.created_at', 'desc')
      .orderBy('answer.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const tags = await this.tagsOf(rows.map((r) => r.question_id));
    return rows.map((row): UserAnswer => ({
      answer_id: row.id,
      question_id: row.question_id,
      accepted: Number(row.adopted),
      vote_count: Number(row.vote_count),
      create_time: seconds(row.created_at),
      update_time: seconds(row.updated_at),
      question_info: { title: row.title, url_title: urlTitle(row.title), tags: tags.get(row.question_id) ?? [] },
    }));
  }

  /** GET personal/answer/page (orders: score = most votes first, active = last edited, else newest). */
  async answerPage(query: PersonalPageQuery, viewer: Viewer | null) {
    const ownerId = await this.#owner(query.username);
    const { offset, limit } = paging(query);
    const counted = await this.#answerQuery(ownerId, viewer)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const list = await this.#answers(ownerId, viewer, query.order ?? 'newest', offset, limit);
    return { count: Number(counted.n), list };
  }

  /** GET personal/qa/top: the 5 best-scored questions and answers. */
  async qaTop(username: string, viewer: Viewer | null): Promise<QaTop> {
    const ownerId = await this.#owner(username);
    const [question, answer] = await Promise.all([
      this.#questions(ownerId, viewer, 'score', 0, TOP_LIMIT),
      this.#answers(ownerId, viewer, 'score', 0, TOP_LIMIT),
    ]);
    return { question, answer };
  }

  #commentQuery(ownerId: number, viewer: Viewer | null) {
    const own = viewer?.userId === ownerId || isStaff(viewer);
    return this.#db
      .selectFrom('comment')
      .innerJoin('question', 'question.id', 'comment.question_id')
      .leftJoin('answer', 'answer.id', 'comment.object_id')
      .where('comment.user_id', '=', ownerId)
      .where('comment.status', 'in', own ? [1, 11] : [1])
      .where((eb) => questionVisible(eb as unknown as ExpressionBuilder<DB, 'question'>, viewer))
      .where((eb) =>
        eb.or([
          eb('answer.id', 'is', null),
          eb('answer.status', '=', 1),
          ...(isStaff(viewer) ? [eb('answer.status', '=', 11)] : []),
        ]),
      );
  }

  /** GET personal/comment/page (newest first). */
  async commentPage(query: PersonalPageQuery, viewer: Viewer | null): Promise<UserCommentPage> {
    const ownerId = await this.#owner(query.username);
    const { offset, limit } = paging(query);
    const counted = await this.#commentQuery(ownerId, viewer)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.#commentQuery(ownerId, viewer)
      .select([
        'comment.id',
        'comment.created_at',
        'comment.object_id',
        'comment.question_id',
        'comment.parsed_text',
        'question.title',
        'answer.id as answer_id',
      ])
      .orderBy('comment.created_at', 'desc')
      .orderBy('comment.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      count: Number(counted.n),
      list: rows.map((row) => ({
        comment_id: row.id,
        created_at: seconds(row.created_at),
        object_id: row.object_id,
        question_id: row.question_id,
        answer_id: row.answer_id ?? '',
        object_type: row.answer_id ? 'answer' : 'question',
        title: row.title,
        url_title: urlTitle(row.title),
        content: sanitizeMemberHtml(row.parsed_text),
      })),
    };
  }

  /**
   * What activity rows point at, as the viewer may see it: object type, question and answer ids,
   * title and a plain excerpt. An object the viewer may not see (deleted, unlisted, pending, or on
   * such a post) shows neither its text nor where it is: no question or answer id (so no link), and
   * the title `profile.unavailable_post`.
   */
  async #describe(objectIds: string[], viewer: Viewer | null, t: Translate) {
    const ids = [...new Set(objectIds)];
    const byType = (t: string) => ids.filter((id) => objectTypeOf(id) === t);
    const [comments, answersDirect] = await Promise.all([
      byType('comment').length
        ? this.#db
            .selectFrom('comment')
            .select(['id', 'object_id', 'question_id', 'status', 'user_id', 'parsed_text'])
            .where('id', 'in', byType('comment'))
            .execute()
        : [],
      byType('answer').length ? this.#answerRows(byType('answer')) : [],
    ]);
    const answerIds = comments.map((c) => c.object_id).filter((id) => objectTypeOf(id) === 'answer');
    const moreAnswers = answerIds.length ? await this.#answerRows(answerIds) : [];
    const answers = new Map([...answersDirect, ...moreAnswers].map((a) => [a.id, a]));
    const questionIds = [...byType('question'), ...[...answers.values()].map((a) => a.question_id)];
    for (const c of comments) questionIds.push(c.question_id);
    const questions = new Map(
      (questionIds.length
        ? await this.#db
            .selectFrom('question')
            .select([
              'id',
              'title',
              'status',
              'show',
              'user_id',
              sql<string>`substr(parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
            ])
            .where('id', 'in', [...new Set(questionIds)])
            .execute()
        : []
      ).map((q) => [q.id, { ...q, status: Number(q.status), show: Number(q.show), user_id: Number(q.user_id) }]),
    );
    const commentsById = new Map(comments.map((c) => [c.id, c]));

    return (id: string) => {
      const type = objectTypeOf(id);
      const blank = { object_type: type ?? '', question_id: '', answer_id: '', title: '', url_title: '', content: '' };
      const gone = { ...blank, title: t('profile.unavailable_post') };
      const withQuestion = (questionId: string, answerId: string, content: string, visible: boolean) => {
        const q = questions.get(questionId);
        if (!visible || !questionRowVisible(q, viewer)) return gone;
        return {
          object_type: type ?? '',
          question_id: questionId,
          answer_id: answerId,
          title: q!.title,
          url_title: urlTitle(q!.title),
          content,
        };
      };
      if (type === 'question') {
        const q = questions.get(id);
        return withQuestion(id, '', plainExcerpt(q?.body ?? ''), true);
      }
      if (type === 'answer') {
        const a = answers.get(id);
        if (!a) return gone;
        return withQuestion(
          a.question_id,
          id,
          plainExcerpt(a.body),
          postVisible(Number(a.status), Number(a.user_id), viewer),
        );
      }
      if (type === 'comment') {
        const c = commentsById.get(id);
        if (!c) return gone;
        const a = answers.get(c.object_id);
        const answerOk = !a || postVisible(Number(a.status), Number(a.user_id), viewer);
        return withQuestion(
          c.question_id,
          a ? a.id : '',
          plainExcerpt(c.parsed_text),
          answerOk && postVisible(Number(c.status), Number(c.user_id), viewer),
        );
      }
      return blank;
    };
  }

  #answerRows(ids: string[]) {
    return this.#db
      .selectFrom('answer')
      .select([
        'id',
        'question_id',
        'status',
        'user_id',
        sql<string>`substr(parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
      ])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  /** GET personal/rank/page: the member's reputation changes, newest first, with the rank each applied. */
  async rankPage(query: PersonalPageQuery, viewer: Viewer | null, t: Translate): Promise<UserRankPage> {
    const ownerId = await this.#owner(query.username);
    const { offset, limit } = paging(query);
    const base = this.#db
      .selectFrom('activity')
      .where('activity.user_id', '=', ownerId)
      .where('activity.has_rank', '=', 1)
      .where('activity.cancelled', '=', 0);
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['activity.object_id', 'activity.activity_type', 'activity.rank', 'activity.created_at'])
      .orderBy('activity.created_at', 'desc')
      .orderBy('activity.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const types = await this.#typeKeys(rows.map((r) => Number(r.activity_type)));
    const describe = await this.#describe(
      rows.map((r) => r.object_id),
      viewer,
      t,
    );
    return {
      count: Number(counted.n),
      list: rows.map((row): UserRankItem => {
        const key = types.get(Number(row.activity_type)) ?? '';
        return {
          created_at: seconds(row.created_at),
          object_id: row.object_id,
          ...describe(row.object_id),
          reputation: Number(row.rank),
          rank_type: key ? t(`rank_type.${key}`) : '',
        };
      }),
    };
  }

  async #typeKeys(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('config')
      .select(['id', 'key'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.key]));
  }

  /** GET personal/vote/page: the logged-in member's own votes (not cancelled), newest first. */
  async votePage(query: OwnPageQuery, viewer: Viewer, t: Translate): Promise<UserVotePage> {
    const { offset, limit } = paging(query);
    const ids = await this.#profile.configIds(VOTE_KEYS);
    if (ids.size === 0) return { count: 0, list: [] };
    const keyOf = new Map([...ids].map(([k, v]) => [v, k]));
    const base = this.#db
      .selectFrom('activity')
      .where('activity.user_id', '=', viewer.userId)
      .where('activity.trigger_user_id', '=', 0)
      .where('activity.activity_type', 'in', [...ids.values()])
      .where('activity.cancelled', '=', 0);
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['activity.object_id', 'activity.activity_type', 'activity.created_at'])
      .orderBy('activity.created_at', 'desc')
      .orderBy('activity.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const describe = await this.#describe(
      rows.map((r) => r.object_id),
      viewer,
      t,
    );
    return {
      count: Number(counted.n),
      list: rows.flatMap((row) => {
        const described = describe(row.object_id);
        const objectType = described.object_type;
        if (objectType !== 'question' && objectType !== 'answer' && objectType !== 'comment') return [];
        const direction = (keyOf.get(Number(row.activity_type)) ?? '').endsWith('vote_down') ? 'vote_down' : 'vote_up';
        return [
          {
            created_at: seconds(row.created_at),
            object_id: row.object_id,
            ...described,
            object_type: objectType,
            vote_type: t(`profile.vote_type.${direction}`),
          },
        ];
      }),
    };
  }

  /** GET personal/collection/page: the logged-in member's bookmarks they can still see, newest first. */
  async collectionPage(query: OwnPageQuery, viewer: Viewer, settings: AvatarSettings): Promise<CollectionPage> {
    const { offset, limit } = paging(query);
    const base = this.#db
      .selectFrom('collection')
      .innerJoin('question', 'question.id', 'collection.object_id')
      .where('collection.user_id', '=', viewer.userId)
      .where((eb) => questionVisible(eb as unknown as ExpressionBuilder<DB, 'question'>, viewer));
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'question.id',
        'question.user_id',
        'question.title',
        sql<string>`substr(question.parsed_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('body'),
        'question.view_count',
        'question.unique_view_count',
        'question.vote_count',
        'question.answer_count',
        'question.collection_count',
        'question.follow_count',
        'question.accepted_answer_id',
        'question.last_answer_id',
        'question.created_at',
        'question.post_update_time',
        'question.status',
        'question.pin',
        'question.show',
      ])
      .orderBy('collection.created_at', 'desc')
      .orderBy('collection.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const [tags, authors] = await Promise.all([
      this.tagsOf(rows.map((r) => r.id)),
      rows.length
        ? this.#db
            .selectFrom('user')
            .select(LIST_USER_COLUMNS)
            .where('user.id', 'in', [...new Set(rows.map((r) => Number(r.user_id)))])
            .execute()
        : [],
    ]);
    const authorById = new Map(authors.map((a) => [Number(a.id), a]));
    return {
      count: Number(counted.n),
      list: rows.map((row): CollectionItem => {
        const author = authorById.get(Number(row.user_id));
        return {
          id: row.id,
          title: row.title,
          url_title: urlTitle(row.title),
          description: plainExcerpt(String(row.body ?? '')),
          tags: tags.get(row.id) ?? [],
          view_count: Number(row.view_count),
          unique_view_count: Number(row.unique_view_count),
          vote_count: Number(row.vote_count),
          answer_count: Number(row.answer_count),
          collection_count: Number(row.collection_count),
          follow_count: Number(row.follow_count),
          accepted_answer_id: wireId(row.accepted_answer_id),
          last_answer_id: wireId(row.last_answer_id),
          create_time: seconds(row.created_at),
          update_time: seconds(row.post_update_time),
          status: Number(row.status),
          pin: Number(row.pin),
          show: Number(row.show),
          collected: true,
          user_info: author
            ? toUserBasicInfo(author, settings)
            : {
                id: String(row.user_id),
                username: '',
                rank: 0,
                display_name: '',
                avatar: '',
                website: '',
                location: '',
                language: '',
                status: 'deleted',
                suspended_until: 0,
              },
        };
      }),
    };
  }
}
