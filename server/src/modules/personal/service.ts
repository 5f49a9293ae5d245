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
import { ApiFailure } from '../../lib/api-failure';
import { sanitizeMemberHtml } from '../../lib/markdown';
import { seconds } from '../../lib/time';
import { configRowsById } from '../config/service';
import type { AvatarSettings } from '../profile/avatar';
import { toUserBasicInfo, VOTE_KEYS, type ProfileService, type Viewer } from '../profile/service';
import { plainExcerpt, urlTitle } from '../../lib/text';
import { describeObjects, type Translate } from './describe';
import * as repo from './repository';

export type { Translate } from './describe';

/** Absent page / page_size mean 1 and 10. */
const DEFAULT_PAGE_SIZE = 10;
const TOP_LIMIT = 5;

const wireId = (id: string | null | undefined) => id ?? '0';

function paging(query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { offset: (page - 1) * size, limit: size };
}

/** The author of a bookmarked question whose account is gone. */
const goneAuthor = (userId: number) => ({
  id: String(userId),
  username: '',
  rank: 0,
  display_name: '',
  avatar: '',
  website: '',
  location: '',
  language: '',
  status: 'deleted' as const,
  suspended_until: 0,
});

/** A member's pages (questions, answers, comments, reputation, own votes and bookmarks) over the site's database. */
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
    for (const tag of await repo.tagsOfQuestions(this.#db, questionIds)) {
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

  async #questions(ownerId: number, viewer: Viewer | null, order: PersonalOrder, offset: number, limit: number) {
    const rows = await repo.listQuestions(this.#db, ownerId, viewer, order, { offset, limit });
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
    const count = await repo.countQuestions(this.#db, ownerId, viewer, order);
    const list = await this.#questions(ownerId, viewer, order, offset, limit);
    return { count, list };
  }

  async #answers(ownerId: number, viewer: Viewer | null, order: PersonalOrder, offset: number, limit: number) {
    const rows = await repo.listAnswers(this.#db, ownerId, viewer, order, { offset, limit });
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
    const count = await repo.countAnswers(this.#db, ownerId, viewer);
    const list = await this.#answers(ownerId, viewer, query.order ?? 'newest', offset, limit);
    return { count, list };
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

  /** GET personal/comment/page (newest first). */
  async commentPage(query: PersonalPageQuery, viewer: Viewer | null): Promise<UserCommentPage> {
    const ownerId = await this.#owner(query.username);
    const page = paging(query);
    const count = await repo.countComments(this.#db, ownerId, viewer);
    const rows = await repo.listComments(this.#db, ownerId, viewer, page);
    return {
      count,
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

  /** GET personal/rank/page: the member's reputation changes, newest first, with the rank each applied. */
  async rankPage(query: PersonalPageQuery, viewer: Viewer | null, t: Translate): Promise<UserRankPage> {
    const ownerId = await this.#owner(query.username);
    const count = await repo.countRankChanges(this.#db, ownerId);
    const rows = await repo.listRankChanges(this.#db, ownerId, paging(query));
    const types = await configRowsById(
      this.#db,
      rows.map((r) => Number(r.activity_type)),
    );
    const describe = await describeObjects(
      this.#db,
      rows.map((r) => r.object_id),
      viewer,
      t,
    );
    return {
      count,
      list: rows.map((row): UserRankItem => {
        const key = types.get(Number(row.activity_type))?.key ?? '';
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

  /** GET personal/vote/page: the logged-in member's own votes (not cancelled), newest first. */
  async votePage(query: OwnPageQuery, viewer: Viewer, t: Translate): Promise<UserVotePage> {
    const ids = await this.#profile.configIds(VOTE_KEYS);
    if (ids.size === 0) return { count: 0, list: [] };
    const keyOf = new Map([...ids].map(([k, v]) => [v, k]));
    const types = [...ids.values()];
    const count = await repo.countVotes(this.#db, viewer.userId, types);
    const rows = await repo.listVotes(this.#db, viewer.userId, types, paging(query));
    const describe = await describeObjects(
      this.#db,
      rows.map((r) => r.object_id),
      viewer,
      t,
    );
    return {
      count,
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
    const count = await repo.countCollected(this.#db, viewer);
    const rows = await repo.listCollected(this.#db, viewer, paging(query));
    const [tags, authors] = await Promise.all([
      this.tagsOf(rows.map((r) => r.id)),
      this.#profile.listUsers(rows.map((r) => Number(r.user_id))),
    ]);
    const authorById = new Map(authors.map((a) => [Number(a.id), a]));
    return {
      count,
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
          user_info: author ? toUserBasicInfo(author, settings) : goneAuthor(Number(row.user_id)),
        };
      }),
    };
  }
}
